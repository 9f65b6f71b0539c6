<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR" sourcelanguage="en">
    <context>
        <name>AboutDialog</name>
        <message>
            <source>Plan a trip in forms while an assistant works beside you.</source>
            <translation>Planeje uma viagem em formulários enquanto um assistente trabalha ao seu lado.</translation>
        </message>
        <message>
            <source>Open &amp;data folder</source>
            <translation>Abrir pasta de &amp;dados</translation>
        </message>
        <message>
            <source>Open &amp;log folder</source>
            <translation>Abrir pasta de &amp;registros</translation>
        </message>
        <message>
            <source>&amp;Notices and licences…</source>
            <translation>&amp;Avisos e licenças…</translation>
        </message>
        <message>
            <source>Built with Qt {qt} and PySide6 {pyside}, used under the GNU LGPL version 3: Qt's libraries ship unmodified as separate files that you may replace. Their source is at code.qt.io; the notices list every bundled package.</source>
            <translation>Feito com Qt {qt} e PySide6 {pyside}, usados sob a GNU LGPL versão 3: as bibliotecas do Qt são distribuídas sem modificações, como arquivos separados que você pode substituir. O código-fonte está em code.qt.io; os avisos listam cada pacote incluído.</translation>
        </message>
        <message>
            <source>{app} licences</source>
            <translation>Licenças do {app}</translation>
        </message>
        <message>
            <source>About {app}</source>
            <translation>Sobre o {app}</translation>
        </message>
        <message>
            <source>{licence} licence.</source>
            <translation>Licença {licence}.</translation>
        </message>
        <message>
            <source>Data folder:</source>
            <translation>Pasta de dados:</translation>
        </message>
        <message>
            <source>Log folder:</source>
            <translation>Pasta de registros:</translation>
        </message>
        <message>
            <source>Cannot create {folder}: {error}</source>
            <translation>Não foi possível criar {folder}: {error}</translation>
        </message>
        <message>
            <source>No file manager opened {folder}; its path is above to copy.</source>
            <translation>Nenhum gerenciador de arquivos abriu {folder}; o caminho está acima para copiar.</translation>
        </message>
    </context>
    <context>
        <name>App</name>
        <message>
            <source>Concierge cannot start</source>
            <translation>O Concierge não pode iniciar</translation>
        </message>
        <message>
            <source>Concierge is already open</source>
            <translation>O Concierge já está aberto</translation>
        </message>
        <message>
            <source>Another Concierge (process {pid}) is using the data folder {folder} but does not answer. Close it, or wait until it has started, then try again.</source>
            <translation>Outro Concierge (processo {pid}) está usando a pasta de dados {folder}, mas não responde. Feche-o, ou espere até que ele tenha iniciado, e tente novamente.</translation>
        </message>
    </context>
    <context>
        <name>AssistantSession</name>
        <message>
            <source>The assistant is not connected. {problem} You can keep writing meanwhile; Send works once a model is connected.</source>
            <translation>O assistente não está conectado. {problem} Você pode continuar escrevendo enquanto isso; Enviar funciona assim que um modelo estiver conectado.</translation>
        </message>
    </context>
    <context>
        <name>DamagedDatabase</name>
        <message>
            <source>Restore the backup</source>
            <translation>Restaurar o backup</translation>
        </message>
        <message>
            <source>Quit</source>
            <translation>Sair</translation>
        </message>
        <message>
            <source>Concierge found a damaged database</source>
            <translation>O Concierge encontrou um banco de dados danificado</translation>
        </message>
        <message>
            <source>Your database is damaged. Concierge has not changed it and will not write into it.</source>
            <translation>Seu banco de dados está danificado. O Concierge não o alterou e não vai gravar nele.</translation>
        </message>
        <message>
            <source>File: {path}</source>
            <translation>Arquivo: {path}</translation>
        </message>
        <message>
            <source>SQLite's check found: {problem}</source>
            <translation>A verificação do SQLite encontrou: {problem}</translation>
        </message>
        <message>
            <source>A backup made on {made} passed the same check. Restore it? The damaged file is kept beside it; changes made after the backup are not in it.</source>
            <translation>Um backup feito em {made} passou na mesma verificação. Restaurá-lo? O arquivo danificado é mantido ao lado dele; alterações feitas depois do backup não estão nele.</translation>
        </message>
        <message>
            <source>Backup: {path}</source>
            <translation>Backup: {path}</translation>
        </message>
        <message>
            <source>There is no good backup to restore. Keep a copy of the file before trying to repair it (for example with the sqlite3 tool's .recover command).</source>
            <translation>Não há um backup bom para restaurar. Guarde uma cópia do arquivo antes de tentar repará-lo (por exemplo, com o comando .recover da ferramenta sqlite3).</translation>
        </message>
    </context>
    <context>
        <name>KeyField</name>
        <message>
            <source>Show key</source>
            <translation>Mostrar chave</translation>
        </message>
        <message>
            <source>Hide key</source>
            <translation>Ocultar chave</translation>
        </message>
        <message>
            <source>API key</source>
            <translation>Chave de API</translation>
        </message>
        <message>
            <source>Show or hide the API key</source>
            <translation>Mostrar ou ocultar a chave de API</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <source>Pin selected text</source>
            <translation>Fixar o texto selecionado</translation>
        </message>
        <message>
            <source>Pin selected text for all trips</source>
            <translation>Fixar o texto selecionado para todas as viagens</translation>
        </message>
        <message>
            <source>Problems</source>
            <translation>Problemas</translation>
        </message>
        <message>
            <source>Select a trip to import bookings into.</source>
            <translation>Selecione uma viagem para onde importar as reservas.</translation>
        </message>
        <message>
            <source>Assistant</source>
            <translation>Assistente</translation>
        </message>
        <message>
            <source>What the assistant sees</source>
            <translation>O que o assistente vê</translation>
        </message>
        <message>
            <source>Create a trip with File ▸ New trip (Ctrl+N) to start planning.</source>
            <translation>Crie uma viagem com Arquivo ▸ Nova viagem (Ctrl+N) para começar a planejar.</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>&amp;Arquivo</translation>
        </message>
        <message>
            <source>&amp;Import…</source>
            <translation>&amp;Importar…</translation>
        </message>
        <message>
            <source>&amp;Settings…</source>
            <translation>&amp;Configurações…</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>&amp;Sair</translation>
        </message>
        <message>
            <source>&amp;Edit</source>
            <translation>&amp;Editar</translation>
        </message>
        <message>
            <source>&amp;Undo</source>
            <translation>&amp;Desfazer</translation>
        </message>
        <message>
            <source>&amp;Redo</source>
            <translation>&amp;Refazer</translation>
        </message>
        <message>
            <source>Mark assistant changes as &amp;seen</source>
            <translation>Marcar alterações do assistente como &amp;vistas</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>E&amp;xibir</translation>
        </message>
        <message>
            <source>&amp;Problems</source>
            <translation>&amp;Problemas</translation>
        </message>
        <message>
            <source>&amp;Next problem</source>
            <translation>Pró&amp;ximo problema</translation>
        </message>
        <message>
            <source>Pre&amp;vious problem</source>
            <translation>Problema a&amp;nterior</translation>
        </message>
        <message>
            <source>&amp;Assistant</source>
            <translation>A&amp;ssistente</translation>
        </message>
        <message>
            <source>&amp;Message the assistant</source>
            <translation>&amp;Escrever ao assistente</translation>
        </message>
        <message>
            <source>&amp;What the assistant sees</source>
            <translation>&amp;O que o assistente vê</translation>
        </message>
        <message>
            <source>&amp;Review proposed changes</source>
            <translation>&amp;Revisar alterações propostas</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>Aj&amp;uda</translation>
        </message>
        <message>
            <source>&amp;Keyboard shortcuts</source>
            <translation>&amp;Atalhos de teclado</translation>
        </message>
        <message>
            <source>&amp;About {app}</source>
            <translation>&amp;Sobre o {app}</translation>
        </message>
        <message>
            <source>Itinerary</source>
            <translation>Roteiro</translation>
        </message>
        <message>
            <source>Brief</source>
            <translation>Briefing</translation>
        </message>
        <message>
            <source>Goals</source>
            <translation>Objetivos</translation>
        </message>
        <message>
            <source>Pinned</source>
            <translation>Fixados</translation>
        </message>
        <message>
            <source>Lookups</source>
            <translation>Consultas</translation>
        </message>
        <message>
            <source>Money</source>
            <translation>Despesas</translation>
        </message>
        <message>
            <source>Documents</source>
            <translation>Documentos</translation>
        </message>
        <message>
            <source>No problems in this plan.</source>
            <translation>Nenhum problema neste plano.</translation>
        </message>
        <message>
            <source>Problem {number} of {count}: {text}</source>
            <translation>Problema {number} de {count}: {text}</translation>
        </message>
        <message>
            <source>Checking…</source>
            <translation>Verificando…</translation>
        </message>
        <message>
            <source>{problems} in this plan: show them ({keys})</source>
            <translation>{problems} neste plano: mostrá-los ({keys})</translation>
        </message>
        <message>
            <source>My first trip</source>
            <translation>Minha primeira viagem</translation>
        </message>
        <message>
            <source>Import bookings</source>
            <translation>Importar reservas</translation>
        </message>
        <message>
            <source>{file} was not imported (cancelled).</source>
            <translation>{file} não foi importado (cancelado).</translation>
        </message>
        <message>
            <source>{summary} The assistant proposes its items.</source>
            <translation>{summary} O assistente propõe os itens.</translation>
        </message>
        <message>
            <source>Not imported</source>
            <translation>Não importado</translation>
        </message>
        <message>
            <source>Nothing to undo.</source>
            <translation>Nada para desfazer.</translation>
        </message>
        <message>
            <source>Undone: {step}</source>
            <translation>Desfeito: {step}</translation>
        </message>
        <message>
            <source>Nothing to redo.</source>
            <translation>Nada para refazer.</translation>
        </message>
        <message>
            <source>Redone: {step}</source>
            <translation>Refeito: {step}</translation>
        </message>
        <message>
            <source>&amp;Undo {step}</source>
            <translation>&amp;Desfazer {step}</translation>
        </message>
        <message>
            <source>&amp;Redo {step}</source>
            <translation>&amp;Refazer {step}</translation>
        </message>
        <message>
            <source>Not pinned: {error}</source>
            <translation>Não fixado: {error}</translation>
        </message>
        <message>
            <source>Pinned “{text}” for all trips.</source>
            <translation>“{text}” fixado para todas as viagens.</translation>
        </message>
        <message>
            <source>Pinned “{text}” for this trip.</source>
            <translation>“{text}” fixado para esta viagem.</translation>
        </message>
        <message>
            <source>{model} at {url}</source>
            <translation>{model} em {url}</translation>
        </message>
        <message>
            <source>Assistant: {where}</source>
            <translation>Assistente: {where}</translation>
        </message>
        <message>
            <source>Could not {task}: {error}</source>
            <translation>Não foi possível {task}: {error}</translation>
        </message>
    </context>
    <context>
        <name>RecordListPanel</name>
        <message>
            <source>Add</source>
            <translation>Adicionar</translation>
        </message>
        <message>
            <source>Rename</source>
            <translation>Renomear</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>Remover</translation>
        </message>
        <message>
            <source>Move up</source>
            <translation>Mover para cima</translation>
        </message>
        <message>
            <source>Move down</source>
            <translation>Mover para baixo</translation>
        </message>
    </context>
    <context>
        <name>Setting</name>
        <message>
            <source>Which kind of model server the app talks to.</source>
            <translation>Com que tipo de servidor de modelos o aplicativo fala.</translation>
        </message>
        <message>
            <source>The OpenAI-compatible endpoint of the model server.</source>
            <translation>O endpoint compatível com a OpenAI do servidor de modelos.</translation>
        </message>
        <message>
            <source>The model to ask for; empty until the person picks one.</source>
            <translation>O modelo a pedir; vazio até que a pessoa escolha um.</translation>
        </message>
        <message>
            <source>Merge adjacent user messages, for servers whose chat template needs alternating roles.</source>
            <translation>Juntar mensagens seguidas do usuário, para servidores cujo modelo de chat exige papéis alternados.</translation>
        </message>
        <message>
            <source>Where the trip's current state goes in each request: its own message after the conversation (trailing), or ahead of the person's latest words (leading), for models that answer the state instead of the person; those words are then not cached on the turn's next call.</source>
            <translation>Onde o estado atual da viagem vai em cada requisição: numa mensagem própria depois da conversa (ao final), ou antes das últimas palavras da pessoa (à frente), para modelos que respondem ao estado em vez de à pessoa; essas palavras então não ficam em cache na chamada seguinte da vez.</translation>
        </message>
        <message>
            <source>Seconds to wait for the model server to accept a connection before saying it cannot be reached.</source>
            <translation>Segundos de espera para o servidor de modelos aceitar uma conexão antes de dizer que ele não pode ser alcançado.</translation>
        </message>
        <message>
            <source>Seconds the model server may stay silent, before its answer starts or between two parts of it, before the assistant gives up with an error and offers Retry. An answer that keeps arriving is never cut, however long it takes.</source>
            <translation>Segundos que o servidor de modelos pode ficar em silêncio, antes de a resposta começar ou entre duas partes dela, antes que o assistente desista com um erro e ofereça Tentar novamente. Uma resposta que continua chegando nunca é cortada, por mais que demore.</translation>
        </message>
        <message>
            <source>Send the trip's current state in full once, then only the lines that changed, each kept in place so the server's prompt cache covers it (fewer tokens to process: best for local servers). Off: the whole state is sent afresh after every message.</source>
            <translation>Enviar o estado atual da viagem inteiro uma vez e depois só as linhas que mudaram, cada uma mantida no lugar para que o cache de prompt do servidor a cubra (menos tokens a processar: melhor para servidores locais). Desligado: o estado inteiro é enviado de novo depois de cada mensagem.</translation>
        </message>
        <message>
            <source>How many tokens the assistant is sent per model call (instructions, tools and the current state included) before older messages are summarized for it; lowered to fit the model's context window, beside the longest answer, where the server reports it. The whole conversation stays saved and visible.</source>
            <translation>Quantos tokens o assistente recebe por chamada ao modelo (instruções, ferramentas e o estado atual incluídos) antes que as mensagens mais antigas sejam resumidas para ele; reduzido para caber na janela de contexto do modelo, junto com a resposta mais longa, quando o servidor a informa. A conversa inteira continua salva e visível.</translation>
        </message>
        <message>
            <source>The longest answer the assistant may write in one model call, in tokens (sent to the server as its output cap, and kept free of the context budget). An answer cut there says so in the chat.</source>
            <translation>A resposta mais longa que o assistente pode escrever numa chamada ao modelo, em tokens (enviada ao servidor como limite de saída e mantida livre no orçamento de contexto). Uma resposta cortada ali diz isso no chat.</translation>
        </message>
        <message>
            <source>How many tokens the application's current state (the trip, money, brief, goals, pins, lookups and the selection) may take in each model call, whatever the trip's size; the assistant reads the rest of the trip with a tool.</source>
            <translation>Quantos tokens o estado atual do aplicativo (a viagem, as despesas, o briefing, os objetivos, os fixados, as consultas e a seleção) pode ocupar em cada chamada ao modelo, seja qual for o tamanho da viagem; o assistente lê o resto da viagem com uma ferramenta.</translation>
        </message>
        <message>
            <source>Whether the assistant's changes to the trip, its route, itinerary and expenses are made at once (apply) or proposed for you to accept or reject, all, some or none (propose). Its goals, notes and the brief's answers are always made at once.</source>
            <translation>Se as alterações do assistente na viagem, na rota, no roteiro e nas despesas são feitas na hora (aplicar) ou propostas para você aceitar ou rejeitar, todas, algumas ou nenhuma (propor). Os objetivos, as notas e as respostas do briefing são sempre feitos na hora.</translation>
        </message>
        <message>
            <source>The language the window is shown in ("pt_BR"), or empty for the system's language; read at start-up.</source>
            <translation>O idioma em que a janela é mostrada ("pt_BR"), ou vazio para o idioma do sistema; lido ao iniciar.</translation>
        </message>
        <message>
            <source>The trip to open at start-up.</source>
            <translation>A viagem a abrir ao iniciar.</translation>
        </message>
        <message>
            <source>The main window's saved geometry (Qt's saveGeometry, base64).</source>
            <translation>A geometria salva da janela principal (saveGeometry do Qt, base64).</translation>
        </message>
        <message>
            <source>Allow the weather lookup to send each stop's coordinates and dates to the weather service (LOOKUPS_WEATHER_URL). Off until the person turns it on.</source>
            <translation>Permitir que a consulta do tempo envie as coordenadas e as datas de cada parada ao serviço meteorológico (LOOKUPS_WEATHER_URL). Desligado até que a pessoa o ligue.</translation>
        </message>
        <message>
            <source>The Open-Meteo-compatible forecast endpoint the weather lookup asks (keyless).</source>
            <translation>O endpoint de previsão compatível com o Open-Meteo que a consulta do tempo usa (sem chave).</translation>
        </message>
        <message>
            <source>How many steps Undo can go back. Older change-log entries are deleted as new changes are made, except the assistant's changes not yet seen, which stay marked until they are.</source>
            <translation>Quantos passos Desfazer pode voltar. Entradas mais antigas do registro de alterações são apagadas à medida que novas alterações são feitas, exceto as alterações do assistente ainda não vistas, que ficam marcadas até serem vistas.</translation>
        </message>
    </context>
    <context>
        <name>SettingSpinBox</name>
        <message>
            <source>{description} From {lowest} to {highest} {unit}; {default} unless changed.</source>
            <translation>{description} De {lowest} a {highest} {unit}; {default} se não for alterado.</translation>
        </message>
        <message>
            <source>{name} must be a whole number from {lowest} to {highest} {unit}, not {typed}.</source>
            <translation>{name} deve ser um número inteiro de {lowest} a {highest} {unit}, não {typed}.</translation>
        </message>
        <message>
            <source>{name} must be a whole number from {lowest} to {highest} {unit}.</source>
            <translation>{name} deve ser um número inteiro de {lowest} a {highest} {unit}.</translation>
        </message>
    </context>
    <context>
        <name>SettingsDialog</name>
        <message>
            <source>Merge consecutive user messages (for strict chat templates)</source>
            <translation>Juntar mensagens seguidas do usuário (para modelos de chat rígidos)</translation>
        </message>
        <message>
            <source>Send the trip's state ahead of my message, not after it</source>
            <translation>Enviar o estado da viagem antes da minha mensagem, não depois</translation>
        </message>
        <message>
            <source>For models that answer the state instead of you; your latest words are then re-sent uncached once a turn.</source>
            <translation>Para modelos que respondem ao estado em vez de a você; suas últimas palavras são então reenviadas sem cache uma vez por vez.</translation>
        </message>
        <message>
            <source>Context budget</source>
            <translation>Orçamento de contexto</translation>
        </message>
        <message>
            <source>Longest answer</source>
            <translation>Resposta mais longa</translation>
        </message>
        <message>
            <source>Online lookups</source>
            <translation>Consultas on-line</translation>
        </message>
        <message>
            <source>Weather forecasts (Open-Meteo)</source>
            <translation>Previsões do tempo (Open-Meteo)</translation>
        </message>
        <message>
            <source>Connect timeout</source>
            <translation>Tempo limite de conexão</translation>
        </message>
        <message>
            <source>Idle timeout</source>
            <translation>Tempo limite de inatividade</translation>
        </message>
        <message>
            <source>Runtime context</source>
            <translation>Contexto em execução</translation>
        </message>
        <message>
            <source>Whole every call</source>
            <translation>Inteiro a cada chamada</translation>
        </message>
        <message>
            <source>Changes only (fewer tokens to process: best for local servers)</source>
            <translation>Só as mudanças (menos tokens a processar: melhor para servidores locais)</translation>
        </message>
        <message>
            <source>Editing</source>
            <translation>Edição</translation>
        </message>
        <message>
            <source>Undo depth</source>
            <translation>Profundidade de desfazer</translation>
        </message>
        <message>
            <source>Assistant edits</source>
            <translation>Edições do assistente</translation>
        </message>
        <message>
            <source>Made at once</source>
            <translation>Feitas na hora</translation>
        </message>
        <message>
            <source>Proposed for me to accept or reject</source>
            <translation>Propostas para eu aceitar ou rejeitar</translation>
        </message>
        <message>
            <source>General</source>
            <translation>Geral</translation>
        </message>
        <message>
            <source>Language</source>
            <translation>Idioma</translation>
        </message>
        <message>
            <source>Concierge shows the new language after a restart.</source>
            <translation>O Concierge mostra o novo idioma depois de reiniciar.</translation>
        </message>
        <message>
            <source>Sends each stop's coordinates and dates to {host}; nothing else.</source>
            <translation>Envia as coordenadas e as datas de cada parada para {host}; nada mais.</translation>
        </message>
        <message>
            <source>The server does not report its context window, so the budget of {budget} tokens applies as set; if the server holds less, a request it refuses as too long is summarized and sent again.</source>
            <translation>O servidor não informa sua janela de contexto, então o orçamento de {budget} tokens vale como definido; se o servidor comportar menos, uma requisição que ele recusar por ser longa demais é resumida e enviada de novo.</translation>
        </message>
        <message>
            <source>as set</source>
            <translation>como definido</translation>
        </message>
        <message>
            <source>below the {budget} set</source>
            <translation>abaixo dos {budget} definidos</translation>
        </message>
        <message>
            <source>Context window: {window} tokens, from {source}. Budget in use: {in_use} tokens ({kept}), leaving room for an answer of {answer}.</source>
            <translation>Janela de contexto: {window} tokens, de {source}. Orçamento em uso: {in_use} tokens ({kept}), deixando espaço para uma resposta de {answer}.</translation>
        </message>
        <message>
            <source>This API key is kept only until Concierge quits: the system keyring did not accept it.</source>
            <translation>Esta chave de API é guardada só até o Concierge fechar: o chaveiro do sistema não a aceitou.</translation>
        </message>
        <message>
            <source>Base URL</source>
            <translation>URL base</translation>
        </message>
        <message>
            <source>API key</source>
            <translation>Chave de API</translation>
        </message>
        <message>
            <source>Model</source>
            <translation>Modelo</translation>
        </message>
        <message>
            <source>Set by environment variable: {fields}. These fields cannot be changed here; unset the variables and restart Concierge to edit them.</source>
            <translation>Definido por variável de ambiente: {fields}. Estes campos não podem ser alterados aqui; remova as variáveis e reinicie o Concierge para editá-los.</translation>
        </message>
        <message>
            <source>1 model found.</source>
            <translation>1 modelo encontrado.</translation>
        </message>
        <message>
            <source>{count} models found.</source>
            <translation>{count} modelos encontrados.</translation>
        </message>
        <message>
            <source>1 model found; {model} is not one of them.</source>
            <translation>1 modelo encontrado; {model} não é um deles.</translation>
        </message>
        <message>
            <source>{count} models found; {model} is not one of them.</source>
            <translation>{count} modelos encontrados; {model} não é um deles.</translation>
        </message>
        <message>
            <source>System ({language})</source>
            <translation>Sistema ({language})</translation>
        </message>
        <message>
            <source>Settings</source>
            <translation>Configurações</translation>
        </message>
        <message>
            <source>About this server</source>
            <translation>Sobre este servidor</translation>
        </message>
        <message>
            <source>Type a name, or Refresh models to pick one</source>
            <translation>Digite um nome, ou Atualizar modelos para escolher um</translation>
        </message>
        <message>
            <source>Refresh models</source>
            <translation>Atualizar modelos</translation>
        </message>
        <message>
            <source>Ask the server which models it has</source>
            <translation>Perguntar ao servidor quais modelos ele tem</translation>
        </message>
        <message>
            <source>Loading models</source>
            <translation>Carregando modelos</translation>
        </message>
        <message>
            <source>Model list status</source>
            <translation>Estado da lista de modelos</translation>
        </message>
        <message>
            <source>Some servers' chat templates reject two user messages in a row; this joins them.</source>
            <translation>Os modelos de chat de alguns servidores recusam duas mensagens seguidas do usuário; isto as junta.</translation>
        </message>
        <message>
            <source>What sending the state ahead costs</source>
            <translation>O que custa enviar o estado antes</translation>
        </message>
        <message>
            <source>tokens</source>
            <translation>tokens</translation>
        </message>
        <message>
            <source>Context window</source>
            <translation>Janela de contexto</translation>
        </message>
        <message>
            <source>seconds</source>
            <translation>segundos</translation>
        </message>
        <message>
            <source>Test connection</source>
            <translation>Testar conexão</translation>
        </message>
        <message>
            <source>Connection status</source>
            <translation>Estado da conexão</translation>
        </message>
        <message>
            <source>Environment overrides</source>
            <translation>Valores do ambiente</translation>
        </message>
        <message>
            <source>API key storage</source>
            <translation>Armazenamento da chave de API</translation>
        </message>
        <message>
            <source>Problem</source>
            <translation>Problema</translation>
        </message>
        <message>
            <source>What weather forecasts send</source>
            <translation>O que as previsões do tempo enviam</translation>
        </message>
        <message>
            <source>steps</source>
            <translation>passos</translation>
        </message>
        <message>
            <source>When the language changes</source>
            <translation>Quando o idioma muda</translation>
        </message>
        <message>
            <source>OK</source>
            <translation>OK</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Cancelar</translation>
        </message>
        <message>
            <source>Server</source>
            <translation>Servidor</translation>
        </message>
        <message>
            <source>&amp;Server</source>
            <translation>&amp;Servidor</translation>
        </message>
        <message>
            <source>&amp;Base URL</source>
            <translation>URL &amp;base</translation>
        </message>
        <message>
            <source>API &amp;key</source>
            <translation>C&amp;have de API</translation>
        </message>
        <message>
            <source>&amp;Model</source>
            <translation>&amp;Modelo</translation>
        </message>
        <message>
            <source>Context &amp;budget</source>
            <translation>&amp;Orçamento de contexto</translation>
        </message>
        <message>
            <source>Longest &amp;answer</source>
            <translation>Resposta mais lon&amp;ga</translation>
        </message>
        <message>
            <source>Connect &amp;timeout</source>
            <translation>&amp;Tempo limite de conexão</translation>
        </message>
        <message>
            <source>&amp;Idle timeout</source>
            <translation>Tempo limite de i&amp;natividade</translation>
        </message>
        <message>
            <source>Runtime &amp;context</source>
            <translation>&amp;Contexto em execução</translation>
        </message>
        <message>
            <source>&amp;Undo depth</source>
            <translation>&amp;Profundidade de desfazer</translation>
        </message>
        <message>
            <source>Assistant &amp;edits</source>
            <translation>&amp;Edições do assistente</translation>
        </message>
        <message>
            <source>&amp;Language</source>
            <translation>&amp;Idioma</translation>
        </message>
        <message>
            <source>Set by environment variable {variable}</source>
            <translation>Definido pela variável de ambiente {variable}</translation>
        </message>
        <message>
            <source>Required for {server}</source>
            <translation>Obrigatória para {server}</translation>
        </message>
        <message>
            <source>Not needed unless the server asks for one; without a key none is sent</source>
            <translation>Não é necessária, a menos que o servidor peça uma; sem chave, nenhuma é enviada</translation>
        </message>
        <message>
            <source>Asking {url} for its models…</source>
            <translation>Perguntando a {url} quais modelos tem…</translation>
        </message>
        <message>
            <source>The server lists no models. Load or pull one, or type its name.</source>
            <translation>O servidor não lista nenhum modelo. Carregue ou baixe um, ou digite o nome dele.</translation>
        </message>
        <message>
            <source>Testing connection…</source>
            <translation>Testando a conexão…</translation>
        </message>
        <message>
            <source>{answer} Context window: {tokens} tokens.</source>
            <translation>{answer} Janela de contexto: {tokens} tokens.</translation>
        </message>
        <message>
            <source>The settings were not saved: {error}</source>
            <translation>As configurações não foram salvas: {error}</translation>
        </message>
        <message>
            <source>Settings saved. {where}</source>
            <translation>Configurações salvas. {where}</translation>
        </message>
        <message>
            <source>Could not {task}: {error}</source>
            <translation>Não foi possível {task}: {error}</translation>
        </message>
    </context>
    <context>
        <name>ShortcutsDialog</name>
        <message>
            <source>Window</source>
            <translation>Janela</translation>
        </message>
        <message>
            <source>Search shortcuts</source>
            <translation>Pesquisar atalhos</translation>
        </message>
        <message>
            <source> or </source>
            <translation> ou </translation>
        </message>
        <message>
            <source>Keyboard shortcuts</source>
            <translation>Atalhos de teclado</translation>
        </message>
        <message>
            <source>Type to find an action or a key, e.g. undo or Ctrl</source>
            <translation>Digite para achar uma ação ou uma tecla, por exemplo desfazer ou Ctrl</translation>
        </message>
        <message>
            <source>&amp;Search</source>
            <translation>&amp;Pesquisar</translation>
        </message>
        <message>
            <source>Action</source>
            <translation>Ação</translation>
        </message>
        <message>
            <source>Keys</source>
            <translation>Teclas</translation>
        </message>
        <message>
            <source>No shortcut matches.</source>
            <translation>Nenhum atalho corresponde.</translation>
        </message>
    </context>
    <context>
        <name>StartupWindow</name>
        <message>
            <source>Opening your trips…</source>
            <translation>Abrindo suas viagens…</translation>
        </message>
        <message>
            <source>Start-up status</source>
            <translation>Estado da inicialização</translation>
        </message>
    </context>
    <context>
        <name>Validation</name>
        <message>
            <source>The end date ({end}) is before the start date ({start}).</source>
            <translation>A data de término ({end}) é anterior à data de início ({start}).</translation>
        </message>
    </context>
</TS>
