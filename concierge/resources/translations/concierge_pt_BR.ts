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
        <name>Actions</name>
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
        <message>
            <source>checking whether it can edit your trip…</source>
            <translation>verificando se ele pode editar a sua viagem…</translation>
        </message>
        <message>
            <source>{model}: {verdict}</source>
            <translation>{model}: {verdict}</translation>
        </message>
    </context>
    <context>
        <name>AttachmentChip</name>
        <message>
            <source>Attached document {name}</source>
            <translation>Documento anexado {name}</translation>
        </message>
        <message>
            <source>Attached image {name}</source>
            <translation>Imagem anexada {name}</translation>
        </message>
        <message>
            <source>Thumbnail</source>
            <translation>Miniatura</translation>
        </message>
        <message>
            <source>Remove {name} (Delete)</source>
            <translation>Remover {name} (Delete)</translation>
        </message>
        <message>
            <source>Remove {name}</source>
            <translation>Remover {name}</translation>
        </message>
    </context>
    <context>
        <name>Attachments</name>
        <message>
            <source>PDF documents and images</source>
            <translation>Documentos PDF e imagens</translation>
        </message>
        <message>
            <source>“{name}” is not a PNG, JPEG, GIF or WebP image.</source>
            <translation>“{name}” não é uma imagem PNG, JPEG, GIF ou WebP.</translation>
        </message>
        <message>
            <source>“{name}” cannot be sent to the assistant: only PDF documents and PNG, JPEG, GIF or WebP images can.</source>
            <translation>“{name}” não pode ser enviado ao assistente: só documentos PDF e imagens PNG, JPEG, GIF ou WebP podem.</translation>
        </message>
        <message>
            <source>“{name}” is {size} MB; images can be at most 20 MB.</source>
            <translation>“{name}” tem {size} MB; as imagens podem ter no máximo 20 MB.</translation>
        </message>
        <message>
            <source>“{name}” is {size} MB; too large to send.</source>
            <translation>“{name}” tem {size} MB; grande demais para enviar.</translation>
        </message>
        <message>
            <source>“{name}” could not be read: the file is missing.</source>
            <translation>Não foi possível ler “{name}”: o arquivo não existe mais.</translation>
        </message>
        <message>
            <source>“{name}” could not be read: {reason}.</source>
            <translation>Não foi possível ler “{name}”: {reason}.</translation>
        </message>
        <message>
            <source>“{name}” is protected by a password; open it, save an unprotected copy and attach that.</source>
            <translation>“{name}” está protegido por senha; abra-o, salve uma cópia sem proteção e anexe essa cópia.</translation>
        </message>
        <message>
            <source>“{name}” could not be read as a PDF: {detail}.</source>
            <translation>Não foi possível ler “{name}” como PDF: {detail}.</translation>
        </message>
        <message>
            <source>No text could be read from this PDF (it may be a scan or a photo of a page); ask the person what it says.</source>
            <translation>Não foi possível ler nenhum texto deste PDF (pode ser uma digitalização ou a foto de uma página); pergunte à pessoa o que ele diz.</translation>
        </message>
        <message>
            <source>Its text is cut short: only the first {kept} of its {total} characters (1 page) follow.</source>
            <translation>O texto foi cortado: seguem só os primeiros {kept} dos seus {total} caracteres (1 página).</translation>
        </message>
        <message>
            <source>Its text is cut short: only the first {kept} of its {total} characters ({pages} pages) follow.</source>
            <translation>O texto foi cortado: seguem só os primeiros {kept} dos seus {total} caracteres ({pages} páginas).</translation>
        </message>
    </context>
    <context>
        <name>BriefPanel</name>
        <message>
            <source>Not answered</source>
            <translation>Sem resposta</translation>
        </message>
        <message>
            <source>not answered</source>
            <translation>sem resposta</translation>
        </message>
        <message>
            <source>“{value}”</source>
            <translation>“{value}”</translation>
        </message>
        <message>
            <source>new text</source>
            <translation>novo texto</translation>
        </message>
        <message>
            <source>Yes</source>
            <translation>Sim</translation>
        </message>
        <message>
            <source>No</source>
            <translation>Não</translation>
        </message>
        <message>
            <source>yes</source>
            <translation>sim</translation>
        </message>
        <message>
            <source>no</source>
            <translation>não</translation>
        </message>
        <message>
            <source>One per line, or separated by commas</source>
            <translation>Um por linha, ou separados por vírgulas</translation>
        </message>
        <message>
            <source>Separated by commas, e.g. 41, 39, 8</source>
            <translation>Separados por vírgulas, ex.: 41, 39, 8</translation>
        </message>
        <message>
            <source>A number, e.g. 2.5</source>
            <translation>Um número, ex.: 2,5</translation>
        </message>
        <message>
            <source>{mark} required</source>
            <translation>{mark} obrigatório</translation>
        </message>
        <message>
            <source>Expected: {expected}; required.</source>
            <translation>Esperado: {expected}; obrigatório.</translation>
        </message>
        <message>
            <source>Expected: {expected}.</source>
            <translation>Esperado: {expected}.</translation>
        </message>
        <message>
            <source>Clear these answers</source>
            <translation>Limpar estas respostas</translation>
        </message>
        <message>
            <source>Withdraw the answers to questions no longer asked</source>
            <translation>Retirar as respostas a perguntas que não são mais feitas</translation>
        </message>
        <message>
            <source>Select a trip to see its brief.</source>
            <translation>Selecione uma viagem para ver o briefing dela.</translation>
        </message>
        <message>
            <source>An answer for the previous trip was not saved: {error}</source>
            <translation>Uma resposta da viagem anterior não foi salva: {error}</translation>
        </message>
        <message>
            <source>The stored answer no longer fits</source>
            <translation>A resposta salva não serve mais</translation>
        </message>
        <message>
            <source>Complete</source>
            <translation>Completo</translation>
        </message>
        <message>
            <source>Step {step} of {steps} · 1 required answer missing</source>
            <translation>Etapa {step} de {steps} · falta 1 resposta obrigatória</translation>
        </message>
        <message>
            <source>Step {step} of {steps} · {count} required answers missing</source>
            <translation>Etapa {step} de {steps} · faltam {count} respostas obrigatórias</translation>
        </message>
        <message>
            <source>{field} (only when {condition})</source>
            <translation>{field} (só quando {condition})</translation>
        </message>
        <message>
            <source>Not asked now: {fields}.</source>
            <translation>Não perguntado agora: {fields}.</translation>
        </message>
        <message>
            <source>Kept but not used now: only asked when {condition}. Clear it to withdraw it.</source>
            <translation>Mantida, mas não usada agora: só é perguntada quando {condition}. Limpe-a para retirá-la.</translation>
        </message>
        <message>
            <source>Answers to questions this form no longer asks: {answers}.</source>
            <translation>Respostas a perguntas que este formulário não faz mais: {answers}.</translation>
        </message>
    </context>
    <context>
        <name>BudgetBar</name>
        <message>
            <source>Budget, planned and spent</source>
            <translation>Orçamento, planejado e gasto</translation>
        </message>
        <message>
            <source>no budget set</source>
            <translation>nenhum orçamento definido</translation>
        </message>
        <message>
            <source>nothing costed yet</source>
            <translation>nada orçado ainda</translation>
        </message>
        <message>
            <source>Spent {spent} · planned {planned} · budget {budget}</source>
            <translation>Gasto {spent} · planejado {planned} · orçamento {budget}</translation>
        </message>
        <message>
            <source>{amount} over</source>
            <translation>{amount} acima</translation>
        </message>
    </context>
    <context>
        <name>ChangeLabel</name>
        <message>
            <source>Change</source>
            <translation>Alteração</translation>
        </message>
        <message>
            <source>Remove document “{file}”</source>
            <translation>Remover documento “{file}”</translation>
        </message>
        <message>
            <source>Attach “{file}”</source>
            <translation>Anexar “{file}”</translation>
        </message>
        <message>
            <source>Mark {form} complete</source>
            <translation>Marcar {form} como concluído</translation>
        </message>
        <message>
            <source>Mark {form} incomplete</source>
            <translation>Marcar {form} como não concluído</translation>
        </message>
        <message>
            <source>Edit {form}: {fields}</source>
            <translation>Editar {form}: {fields}</translation>
        </message>
        <message>
            <source>Answer “{field}” in {form}</source>
            <translation>Responder “{field}” em {form}</translation>
        </message>
        <message>
            <source>Change “{field}” in {form}</source>
            <translation>Alterar “{field}” em {form}</translation>
        </message>
        <message>
            <source>Clear “{field}” in {form}</source>
            <translation>Limpar “{field}” em {form}</translation>
        </message>
        <message>
            <source>Add goal “{title}”</source>
            <translation>Adicionar objetivo “{title}”</translation>
        </message>
        <message>
            <source>Complete goal “{title}”</source>
            <translation>Concluir objetivo “{title}”</translation>
        </message>
        <message>
            <source>Reopen goal “{title}”</source>
            <translation>Reabrir objetivo “{title}”</translation>
        </message>
        <message>
            <source>Rename goal to “{title}”</source>
            <translation>Renomear objetivo para “{title}”</translation>
        </message>
        <message>
            <source>Change what completes goal</source>
            <translation>Alterar o que conclui o objetivo</translation>
        </message>
        <message>
            <source>Remove goal “{title}”</source>
            <translation>Remover objetivo “{title}”</translation>
        </message>
        <message>
            <source>Move goal “{title}”</source>
            <translation>Mover objetivo “{title}”</translation>
        </message>
        <message>
            <source>Complete goals {titles}</source>
            <translation>Concluir objetivos {titles}</translation>
        </message>
        <message>
            <source>Complete goal {titles}</source>
            <translation>Concluir objetivo {titles}</translation>
        </message>
        <message>
            <source>Import 1 item from {files}</source>
            <translation>Importar 1 item de {files}</translation>
        </message>
        <message>
            <source>Import {count} items from {files}</source>
            <translation>Importar {count} itens de {files}</translation>
        </message>
        <message>
            <source>Confirm details of “{title}”</source>
            <translation>Confirmar detalhes de “{title}”</translation>
        </message>
        <message>
            <source>Confirm details of {count} items</source>
            <translation>Confirmar detalhes de {count} itens</translation>
        </message>
        <message>
            <source>Add “{title}” to the itinerary</source>
            <translation>Adicionar “{title}” ao roteiro</translation>
        </message>
        <message>
            <source>Edit “{title}”</source>
            <translation>Editar “{title}”</translation>
        </message>
        <message>
            <source>Move “{title}”</source>
            <translation>Mover “{title}”</translation>
        </message>
        <message>
            <source>Remove “{title}” from the itinerary</source>
            <translation>Remover “{title}” do roteiro</translation>
        </message>
        <message>
            <source>{names} and {last}</source>
            <translation>{names} e {last}</translation>
        </message>
        <message>
            <source>“{text}”</source>
            <translation>“{text}”</translation>
        </message>
        <message>
            <source>Confirm expense {what}</source>
            <translation>Confirmar despesa {what}</translation>
        </message>
        <message>
            <source>Confirm {count} expenses</source>
            <translation>Confirmar {count} despesas</translation>
        </message>
        <message>
            <source>Add expense {expense}</source>
            <translation>Adicionar despesa {expense}</translation>
        </message>
        <message>
            <source>Edit expense {expense}</source>
            <translation>Editar despesa {expense}</translation>
        </message>
        <message>
            <source>Remove expense {expense}</source>
            <translation>Remover despesa {expense}</translation>
        </message>
        <message>
            <source>{what} ({amount} {currency})</source>
            <translation>{what} ({amount} {currency})</translation>
        </message>
        <message>
            <source>Unlock {what}</source>
            <translation>Desbloquear {what}</translation>
        </message>
        <message>
            <source>Lock {what}</source>
            <translation>Bloquear {what}</translation>
        </message>
        <message>
            <source>day {day}</source>
            <translation>dia {day}</translation>
        </message>
        <message>
            <source>item {name}</source>
            <translation>item {name}</translation>
        </message>
        <message>
            <source>stop {name}</source>
            <translation>parada {name}</translation>
        </message>
        <message>
            <source>the trip</source>
            <translation>viagem</translation>
        </message>
        <message>
            <source>{name}</source>
            <translation>{name}</translation>
        </message>
        <message>
            <source>the {field} of {name}</source>
            <translation>{field} de {name}</translation>
        </message>
        <message>
            <source>Pin “{text}”</source>
            <translation>Fixar “{text}”</translation>
        </message>
        <message>
            <source>Edit pin “{text}”</source>
            <translation>Editar fixado “{text}”</translation>
        </message>
        <message>
            <source>Remove the constraint of “{text}”</source>
            <translation>Remover a restrição de “{text}”</translation>
        </message>
        <message>
            <source>Constrain “{text}”</source>
            <translation>Restringir “{text}”</translation>
        </message>
        <message>
            <source>Propose a constraint for “{text}”</source>
            <translation>Propor uma restrição para “{text}”</translation>
        </message>
        <message>
            <source>Confirm the constraint of “{text}”</source>
            <translation>Confirmar a restrição de “{text}”</translation>
        </message>
        <message>
            <source>Unpin “{text}”</source>
            <translation>Desafixar “{text}”</translation>
        </message>
        <message>
            <source>Move pin “{text}”</source>
            <translation>Mover fixado “{text}”</translation>
        </message>
        <message>
            <source>the assistant’s proposal ({chosen} of {count} changes)</source>
            <translation>proposta do assistente ({chosen} de {count} alterações)</translation>
        </message>
        <message>
            <source>Add stop “{place}”</source>
            <translation>Adicionar parada “{place}”</translation>
        </message>
        <message>
            <source>Edit stop “{place}”</source>
            <translation>Editar parada “{place}”</translation>
        </message>
        <message>
            <source>Move stop “{place}”</source>
            <translation>Mover parada “{place}”</translation>
        </message>
        <message>
            <source>Remove stop “{place}”</source>
            <translation>Remover parada “{place}”</translation>
        </message>
        <message>
            <source>Import trip “{title}”</source>
            <translation>Importar viagem “{title}”</translation>
        </message>
        <message>
            <source>Create trip “{title}”</source>
            <translation>Criar viagem “{title}”</translation>
        </message>
        <message>
            <source>Duplicate trip “{title}”</source>
            <translation>Duplicar viagem “{title}”</translation>
        </message>
        <message>
            <source>Move trip “{title}”</source>
            <translation>Mover viagem “{title}”</translation>
        </message>
        <message>
            <source>Delete trip “{title}”</source>
            <translation>Excluir viagem “{title}”</translation>
        </message>
        <message>
            <source>Edit trip</source>
            <translation>Editar viagem</translation>
        </message>
        <message>
            <source>Change {fields}</source>
            <translation>Alterar {fields}</translation>
        </message>
        <message>
            <source>Rename trip to “{title}”</source>
            <translation>Renomear viagem para “{title}”</translation>
        </message>
        <message>
            <source>answers to {fields} in the {form}</source>
            <translation>respostas a {fields} em {form}</translation>
        </message>
        <message>
            <source>clearing of {fields} in the {form}</source>
            <translation>limpeza de {fields} em {form}</translation>
        </message>
        <message>
            <source>new goal “{title}”</source>
            <translation>novo objetivo “{title}”</translation>
        </message>
        <message>
            <source>check-off of goal “{title}”</source>
            <translation>conclusão do objetivo “{title}”</translation>
        </message>
        <message>
            <source>reopening of goal “{title}”</source>
            <translation>reabertura do objetivo “{title}”</translation>
        </message>
        <message>
            <source>expense “{what}”</source>
            <translation>despesa “{what}”</translation>
        </message>
        <message>
            <source>pin “{text}”</source>
            <translation>fixado “{text}”</translation>
        </message>
        <message>
            <source>constraint for “{text}”</source>
            <translation>restrição para “{text}”</translation>
        </message>
        <message>
            <source>unpinning of “{text}”</source>
            <translation>remoção do fixado “{text}”</translation>
        </message>
        <message>
            <source>the assistant’s {what}</source>
            <translation>{what} do assistente</translation>
        </message>
        <message>
            <source>addition of “{title}”</source>
            <translation>inclusão de “{title}”</translation>
        </message>
        <message>
            <source>edit of “{title}”</source>
            <translation>edição de “{title}”</translation>
        </message>
        <message>
            <source>move of “{title}”</source>
            <translation>movimentação de “{title}”</translation>
        </message>
        <message>
            <source>removal of “{title}”</source>
            <translation>remoção de “{title}”</translation>
        </message>
        <message>
            <source>edit of stop “{place}”</source>
            <translation>edição da parada “{place}”</translation>
        </message>
        <message>
            <source>move of stop “{place}”</source>
            <translation>movimentação da parada “{place}”</translation>
        </message>
        <message>
            <source>removal of stop “{place}”</source>
            <translation>remoção da parada “{place}”</translation>
        </message>
        <message>
            <source>change to {fields}</source>
            <translation>alteração de {fields}</translation>
        </message>
        <message>
            <source>addition of stop “{place}”</source>
            <translation>inclusão da parada “{place}”</translation>
        </message>
        <message>
            <source>Edit {fields} in the {form}</source>
            <translation>Editar {fields} em {form}</translation>
        </message>
        <message>
            <source>Stop sharing the {what} with the assistant</source>
            <translation>Parar de compartilhar {what} com o assistente</translation>
        </message>
        <message>
            <source>Share the {what} with the assistant</source>
            <translation>Compartilhar {what} com o assistente</translation>
        </message>
        <message>
            <source>Remove expense {what}</source>
            <translation>Remover despesa {what}</translation>
        </message>
        <message>
            <source>Create a first trip</source>
            <translation>Criar uma primeira viagem</translation>
        </message>
        <message>
            <source>Start from home</source>
            <translation>Partir de casa</translation>
        </message>
        <message>
            <source>Remove {count} items from the itinerary</source>
            <translation>Remover {count} itens do roteiro</translation>
        </message>
        <message>
            <source>Changed on {device}</source>
            <translation>Alterado em {device}</translation>
        </message>
        <message>
            <source>Restore what was removed on another device</source>
            <translation>Restaurar o que foi removido em outro dispositivo</translation>
        </message>
        <message>
            <source>Open the sample trip</source>
            <translation>Abrir a viagem de exemplo</translation>
        </message>
    </context>
    <context>
        <name>ChatErrors</name>
        <message>
            <source>The assistant could not read the app's current state. {reason}</source>
            <translation>O assistente não conseguiu ler o estado atual do aplicativo. {reason}</translation>
        </message>
        <message>
            <source>Something went wrong: {detail}</source>
            <translation>Algo deu errado: {detail}</translation>
        </message>
    </context>
    <context>
        <name>ChatNotices</name>
        <message>
            <source>No model is connected yet. Open Settings to connect the assistant to OpenAI or to a local server such as Ollama or LM Studio. You can keep writing meanwhile; Send works once a model is connected.</source>
            <translation>Nenhum modelo está conectado ainda. Abra as Configurações para conectar o assistente à OpenAI ou a um servidor local como Ollama ou LM Studio. Você pode continuar escrevendo enquanto isso; Enviar funciona assim que um modelo estiver conectado.</translation>
        </message>
        <message>
            <source>No model connected</source>
            <translation>Nenhum modelo conectado</translation>
        </message>
        <message>
            <source>Settings…</source>
            <translation>Configurações…</translation>
        </message>
        <message>
            <source>Error</source>
            <translation>Erro</translation>
        </message>
        <message>
            <source>Retry</source>
            <translation>Tentar novamente</translation>
        </message>
        <message>
            <source>Ask the assistant again; your message is already saved</source>
            <translation>Perguntar ao assistente de novo; sua mensagem já está salva</translation>
        </message>
    </context>
    <context>
        <name>ChatPanel</name>
        <message>
            <source>Your last message has not been answered yet.</source>
            <translation>Sua última mensagem ainda não foi respondida.</translation>
        </message>
        <message>
            <source>Stopped before the assistant finished. Retry continues from your last message.</source>
            <translation>Parado antes de o assistente terminar. Tentar novamente continua a partir da sua última mensagem.</translation>
        </message>
        <message>
            <source>A file on this computer…</source>
            <translation>Um arquivo neste computador…</translation>
        </message>
        <message>
            <source>Assistant chat</source>
            <translation>Conversa com o assistente</translation>
        </message>
        <message>
            <source>Model</source>
            <translation>Modelo</translation>
        </message>
        <message>
            <source>Stop the answer</source>
            <translation>Parar a resposta</translation>
        </message>
        <message>
            <source>Attach a document</source>
            <translation>Anexar um documento</translation>
        </message>
        <message>
            <source>Attach a document or image</source>
            <translation>Anexar um documento ou imagem</translation>
        </message>
        <message>
            <source>it {reason}</source>
            <translation>ela {reason}</translation>
        </message>
        <message>
            <source>one {reason}</source>
            <translation>uma {reason}</translation>
        </message>
        <message>
            <source>1 stored message of this conversation was left out as damaged or forged ({reasons}).</source>
            <translation>1 mensagem salva desta conversa foi deixada de fora por estar danificada ou forjada ({reasons}).</translation>
        </message>
        <message>
            <source>{count} stored messages of this conversation were left out as damaged or forged ({reasons}).</source>
            <translation>{count} mensagens salvas desta conversa foram deixadas de fora por estarem danificadas ou forjadas ({reasons}).</translation>
        </message>
        <message>
            <source>Suggestions</source>
            <translation>Sugestões</translation>
        </message>
        <message>
            <source>Try asking:</source>
            <translation>Experimente perguntar:</translation>
        </message>
    </context>
    <context>
        <name>ChatSuggestions</name>
        <message>
            <source>Plan my first day in {place}</source>
            <translation>Planeje meu primeiro dia em {place}</translation>
        </message>
        <message>
            <source>Suggest a route for this trip</source>
            <translation>Sugira um roteiro para esta viagem</translation>
        </message>
        <message>
            <source>Check my connections</source>
            <translation>Confira minhas conexões</translation>
        </message>
        <message>
            <source>What's still missing from the brief?</source>
            <translation>O que ainda falta no briefing?</translation>
        </message>
        <message>
            <source>Help me fill in the trip's brief</source>
            <translation>Ajude-me a preencher o briefing da viagem</translation>
        </message>
        <message>
            <source>What should I book first?</source>
            <translation>O que devo reservar primeiro?</translation>
        </message>
    </context>
    <context>
        <name>Composer</name>
        <message>
            <source>Attach…</source>
            <translation>Anexar…</translation>
        </message>
        <message>
            <source>Attach a document or image</source>
            <translation>Anexar um documento ou imagem</translation>
        </message>
        <message>
            <source>Working…</source>
            <translation>Trabalhando…</translation>
        </message>
        <message>
            <source>Assistant is working</source>
            <translation>O assistente está trabalhando</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>Parar</translation>
        </message>
        <message>
            <source>Stop the assistant (Esc)</source>
            <translation>Parar o assistente (Esc)</translation>
        </message>
        <message>
            <source>Send</source>
            <translation>Enviar</translation>
        </message>
        <message>
            <source>Send (Ctrl+Enter)</source>
            <translation>Enviar (Ctrl+Enter)</translation>
        </message>
    </context>
    <context>
        <name>ConnectAssistant</name>
        <message>
            <source>In Claude Desktop, Settings ▸ Developer ▸ Edit Config opens claude_desktop_config.json: add this to it (beside any other servers), save, and restart Claude Desktop.</source>
            <translation>No Claude Desktop, Settings ▸ Developer ▸ Edit Config abre o claude_desktop_config.json: acrescente isto a ele (ao lado de outros servidores), salve e reinicie o Claude Desktop.</translation>
        </message>
        <message>
            <source>Run this once in a terminal.</source>
            <translation>Execute isto uma vez num terminal.</translation>
        </message>
        <message>
            <source>Put this in .vscode/mcp.json in a project, or in your user configuration (MCP: Open User Configuration), then start the server from that file.</source>
            <translation>Coloque isto em .vscode/mcp.json num projeto, ou na sua configuração de usuário (MCP: Open User Configuration), e inicie o servidor a partir desse arquivo.</translation>
        </message>
        <message>
            <source>Put this in ~/.cursor/mcp.json (or .cursor/mcp.json in a project), beside any other servers.</source>
            <translation>Coloque isto em ~/.cursor/mcp.json (ou .cursor/mcp.json num projeto), ao lado de outros servidores.</translation>
        </message>
        <message>
            <source>Connect another assistant</source>
            <translation>Conectar outro assistente</translation>
        </message>
        <message>
            <source>An assistant you already use can work on your trips through the Model Context Protocol (MCP): its configuration starts Concierge's server on this data folder. Its changes show here marked with its name, under the same locks and review as ours; Settings ▸ Editing ▸ Revoked assistants stops one.</source>
            <translation>Um assistente que você já usa pode trabalhar nas suas viagens pelo Model Context Protocol (MCP): a configuração dele inicia o servidor do Concierge nesta pasta de dados. As alterações dele aparecem aqui marcadas com o nome dele, sob os mesmos bloqueios e a mesma revisão que as nossas; Configurações ▸ Edição ▸ Assistentes revogados detém um deles.</translation>
        </message>
        <message>
            <source>Assistant</source>
            <translation>Assistente</translation>
        </message>
        <message>
            <source>&amp;Assistant:</source>
            <translation>&amp;Assistente:</translation>
        </message>
        <message>
            <source>Configuration</source>
            <translation>Configuração</translation>
        </message>
        <message>
            <source>&amp;Copy</source>
            <translation>&amp;Copiar</translation>
        </message>
        <message>
            <source>Copied the configuration for {client}.</source>
            <translation>A configuração para {client} foi copiada.</translation>
        </message>
    </context>
    <context>
        <name>Constraint</name>
        <message>
            <source>HH:MM</source>
            <translation>HH:MM</translation>
        </message>
        <message>
            <source>n</source>
            <translation>n</translation>
        </message>
        <message>
            <source>hours</source>
            <translation>horas</translation>
        </message>
        <message>
            <source>flights</source>
            <translation>voos</translation>
        </message>
        <message>
            <source>transport</source>
            <translation>transporte</translation>
        </message>
        <message>
            <source>words,…</source>
            <translation>palavras,…</translation>
        </message>
        <message>
            <source>No flights departing between {start} and {end} (local time)</source>
            <translation>Nenhum voo partindo entre {start} e {end} (hora local)</translation>
        </message>
        <message>
            <source>No transport departing between {start} and {end} (local time)</source>
            <translation>Nenhum transporte partindo entre {start} e {end} (hora local)</translation>
        </message>
        <message>
            <source>No flights</source>
            <translation>Nenhum voo</translation>
        </message>
        <message>
            <source>At most 1 flight</source>
            <translation>No máximo 1 voo</translation>
        </message>
        <message>
            <source>At most {count} flights</source>
            <translation>No máximo {count} voos</translation>
        </message>
        <message>
            <source>At most 1 hour of transit a day</source>
            <translation>No máximo 1 hora de deslocamento por dia</translation>
        </message>
        <message>
            <source>At most {hours} hours of transit a day</source>
            <translation>No máximo {hours} horas de deslocamento por dia</translation>
        </message>
        <message>
            <source>Step-free access</source>
            <translation>Acesso sem degraus</translation>
        </message>
        <message>
            <source>Step-free access, and nothing with {words}</source>
            <translation>Acesso sem degraus, e nada com {words}</translation>
        </message>
        <message>
            <source>No departures between</source>
            <translation>Nenhuma partida entre</translation>
        </message>
        <message>
            <source>From</source>
            <translation>De</translation>
        </message>
        <message>
            <source>Until</source>
            <translation>Até</translation>
        </message>
        <message>
            <source>Applies to</source>
            <translation>Vale para</translation>
        </message>
        <message>
            <source>At most N flights</source>
            <translation>No máximo N voos</translation>
        </message>
        <message>
            <source>Flights</source>
            <translation>Voos</translation>
        </message>
        <message>
            <source>Transit a day at most</source>
            <translation>Deslocamento máximo por dia</translation>
        </message>
        <message>
            <source>Hours a day</source>
            <translation>Horas por dia</translation>
        </message>
        <message>
            <source>Avoid</source>
            <translation>Evitar</translation>
        </message>
        <message>
            <source>Things to avoid</source>
            <translation>Coisas a evitar</translation>
        </message>
        <message>
            <source>Avoid {words}</source>
            <translation>Evitar {words}</translation>
        </message>
        <message>
            <source>Diet</source>
            <translation>Dieta</translation>
        </message>
        <message>
            <source>Diets</source>
            <translation>Dietas</translation>
        </message>
        <message>
            <source>Meals suit {words}</source>
            <translation>Refeições adequadas a {words}</translation>
        </message>
        <message>
            <source>Also avoid</source>
            <translation>Evitar também</translation>
        </message>
    </context>
    <context>
        <name>ConstraintEditor</name>
        <message>
            <source>Constraint editor</source>
            <translation>Editor de restrição</translation>
        </message>
        <message>
            <source>Constraint</source>
            <translation>Restrição</translation>
        </message>
        <message>
            <source>None</source>
            <translation>Nenhuma</translation>
        </message>
        <message>
            <source>Constraint problem</source>
            <translation>Problema na restrição</translation>
        </message>
        <message>
            <source>Save constraint</source>
            <translation>Salvar restrição</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Cancelar</translation>
        </message>
        <message>
            <source>{label}: {hint}</source>
            <translation>{label}: {hint}</translation>
        </message>
        <message>
            <source>Constraint for “{text}”</source>
            <translation>Restrição para “{text}”</translation>
        </message>
    </context>
    <context>
        <name>CsvLayout</name>
        <message>
            <source>comma</source>
            <translation>vírgula</translation>
        </message>
        <message>
            <source>semicolon</source>
            <translation>ponto e vírgula</translation>
        </message>
        <message>
            <source>tab</source>
            <translation>tabulação</translation>
        </message>
        <message>
            <source>vertical bar</source>
            <translation>barra vertical</translation>
        </message>
        <message>
            <source>UTF-8</source>
            <translation>UTF-8</translation>
        </message>
        <message>
            <source>UTF-8 with a byte-order mark</source>
            <translation>UTF-8 com marca de ordem de bytes</translation>
        </message>
        <message>
            <source>UTF-16 (Unicode text)</source>
            <translation>UTF-16 (texto Unicode)</translation>
        </message>
        <message>
            <source>Windows-1252 (Western European)</source>
            <translation>Windows-1252 (Europa Ocidental)</translation>
        </message>
        <message>
            <source>found in the file</source>
            <translation>encontrado no arquivo</translation>
        </message>
        <message>
            <source>as chosen</source>
            <translation>como escolhido</translation>
        </message>
        <message>
            <source>as your language writes it</source>
            <translation>como seu idioma escreve</translation>
        </message>
        <message>
            <source>not shown by the file</source>
            <translation>não indicado pelo arquivo</translation>
        </message>
        <message>
            <source>“{text}” is not a separator: give one character, such as ; or , or the word tab.</source>
            <translation>“{text}” não é um separador: informe um caractere, como ; ou , ou a palavra tab.</translation>
        </message>
        <message>
            <source>“{text}” is not a date format: write the day, month and year in the file's order, such as DD/MM/YYYY, MM/DD/YYYY or YYYY-MM-DD.</source>
            <translation>“{text}” não é um formato de data: escreva o dia, o mês e o ano na ordem do arquivo, como DD/MM/YYYY, MM/DD/YYYY ou YYYY-MM-DD.</translation>
        </message>
        <message>
            <source>{name} ({mark})</source>
            <translation>{name} ({mark})</translation>
        </message>
        <message>
            <source>day first</source>
            <translation>dia primeiro</translation>
        </message>
        <message>
            <source>month first</source>
            <translation>mês primeiro</translation>
        </message>
        <message>
            <source>year first</source>
            <translation>ano primeiro</translation>
        </message>
        <message>
            <source>point</source>
            <translation>ponto</translation>
        </message>
        <message>
            <source>{order}, like {example}</source>
            <translation>{order}, como {example}</translation>
        </message>
        <message>
            <source>numeric ones such as 03/04/2027 are refused until you choose</source>
            <translation>as numéricas como 03/04/2027 são recusadas até você escolher</translation>
        </message>
        <message>
            <source>Read as {encoding}, with a {separator} between cells ({separator_from}); decimal mark: {mark} ({marks_from}); dates: {dates} ({dates_from}).</source>
            <translation>Lido como {encoding}, com {separator} entre as células ({separator_from}); separador decimal: {mark} ({marks_from}); datas: {dates} ({dates_from}).</translation>
        </message>
        <message>
            <source>Month names in {language}.</source>
            <translation>Nomes dos meses em {language}.</translation>
        </message>
        <message>
            <source>With a {separator} between cells ({separator_from}), its header reads as {count} column(s): {columns}.</source>
            <translation>Com {separator} entre as células ({separator_from}), o cabeçalho tem {count} coluna(s): {columns}.</translation>
        </message>
        <message>
            <source>With a {separator} between cells, column “{column}” gives the date: choose that separator (--delimiter on the command line).</source>
            <translation>Com {separator} entre as células, a coluna “{column}” dá a data: escolha esse separador (--delimiter na linha de comando).</translation>
        </message>
    </context>
    <context>
        <name>CsvMapping</name>
        <message>
            <source>Ignore</source>
            <translation>Ignorar</translation>
        </message>
        <message>
            <source>Problem</source>
            <translation>Problema</translation>
        </message>
        <message>
            <source>yes</source>
            <translation>sim</translation>
        </message>
        <message>
            <source>As the file shows, else as your language writes them</source>
            <translation>Como o arquivo mostra, senão como seu idioma escreve</translation>
        </message>
        <message>
            <source>Day, month, year (14/05/2026)</source>
            <translation>Dia, mês, ano (14/05/2026)</translation>
        </message>
        <message>
            <source>Month, day, year (05/14/2026)</source>
            <translation>Mês, dia, ano (05/14/2026)</translation>
        </message>
        <message>
            <source>Year, month, day (2026-05-14)</source>
            <translation>Ano, mês, dia (2026-05-14)</translation>
        </message>
        <message>
            <source>Import {file}</source>
            <translation>Importar {file}</translation>
        </message>
        <message>
            <source>Which item field each column of {file} fills. The first rows below show how they will be read; nothing is imported until you choose OK.</source>
            <translation>Qual campo do item cada coluna de {file} preenche. As primeiras linhas abaixo mostram como serão lidas; nada é importado até você escolher OK.</translation>
        </message>
        <message>
            <source>Separator between cells</source>
            <translation>Separador entre as células</translation>
        </message>
        <message>
            <source>Order of numeric dates</source>
            <translation>Ordem das datas numéricas</translation>
        </message>
        <message>
            <source>&amp;Separator:</source>
            <translation>&amp;Separador:</translation>
        </message>
        <message>
            <source>&amp;Dates:</source>
            <translation>&amp;Datas:</translation>
        </message>
        <message>
            <source>Field for column “{column}”</source>
            <translation>Campo da coluna “{column}”</translation>
        </message>
        <message>
            <source>(no name)</source>
            <translation>(sem nome)</translation>
        </message>
        <message>
            <source>How the first rows read</source>
            <translation>Como as primeiras linhas são lidas</translation>
        </message>
        <message>
            <source>Import</source>
            <translation>Importar</translation>
        </message>
        <message>
            <source>Row</source>
            <translation>Linha</translation>
        </message>
        <message>
            <source>Cannot import with these choices: {problem}</source>
            <translation>Não é possível importar com estas escolhas: {problem}</translation>
        </message>
        <message>
            <source>{bad} of the first {count} rows cannot be read; the file is imported only when every row can.</source>
            <translation>{bad} das primeiras {count} linhas não podem ser lidas; o arquivo só é importado quando todas as linhas puderem.</translation>
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
        <name>DateField</name>
        <message>
            <source>Not set</source>
            <translation>Não definida</translation>
        </message>
        <message>
            <source>Type a date, e.g. 14 May 2026, 2026-05-14 or {example}; Up and Down change it by a day, Alt+Down opens the calendar</source>
            <translation>Digite uma data, p. ex. 2026-05-14 ou {example}; Para cima e Para baixo mudam um dia, Alt+Para baixo abre o calendário</translation>
        </message>
        <message>
            <source>Choose the {field} in a calendar (Alt+Down)</source>
            <translation>Escolher {field} num calendário (Alt+Para baixo)</translation>
        </message>
        <message>
            <source>Choose {field}</source>
            <translation>Escolher {field}</translation>
        </message>
        <message>
            <source>Clear {field}</source>
            <translation>Limpar {field}</translation>
        </message>
        <message>
            <source>Calendar for the {field}</source>
            <translation>Calendário de {field}</translation>
        </message>
    </context>
    <context>
        <name>DayTimeline</name>
        <message>
            <source>Day timeline</source>
            <translation>Linha do tempo do dia</translation>
        </message>
        <message>
            <source>Nothing planned for this day.</source>
            <translation>Nada planejado para este dia.</translation>
        </message>
        <message>
            <source>{day}. {summary}.</source>
            <translation>{day}. {summary}.</translation>
        </message>
        <message>
            <source>{minutes} min</source>
            <translation>{minutes} min</translation>
        </message>
        <message>
            <source>{hours} h</source>
            <translation>{hours} h</translation>
        </message>
        <message>
            <source>{hours} h {minutes}</source>
            <translation>{hours} h {minutes}</translation>
        </message>
        <message>
            <source>{duration} free</source>
            <translation>{duration} livres</translation>
        </message>
        <message>
            <source>All day</source>
            <translation>Dia inteiro</translation>
        </message>
        <message>
            <source>No time</source>
            <translation>Sem horário</translation>
        </message>
        <message>
            <source>from the day before</source>
            <translation>desde o dia anterior</translation>
        </message>
        <message>
            <source>{start} · no end time</source>
            <translation>{start} · sem horário de término</translation>
        </message>
        <message>
            <source>{start} until the next day</source>
            <translation>{start} até o dia seguinte</translation>
        </message>
        <message>
            <source>{start} until {end}</source>
            <translation>{start} até {end}</translation>
        </message>
        <message>
            <source>{number} of {count}</source>
            <translation>{number} de {count}</translation>
        </message>
        <message>
            <source>Overlaps {titles}.</source>
            <translation>Sobrepõe-se a {titles}.</translation>
        </message>
        <message>
            <source>Nothing planned</source>
            <translation>Nada planejado</translation>
        </message>
        <message>
            <source>1 item</source>
            <translation>1 item</translation>
        </message>
        <message>
            <source>{count} items</source>
            <translation>{count} itens</translation>
        </message>
        <message>
            <source>1 overlap</source>
            <translation>1 sobreposição</translation>
        </message>
        <message>
            <source>{count} overlaps</source>
            <translation>{count} sobreposições</translation>
        </message>
    </context>
    <context>
        <name>Documents</name>
        <message>
            <source>Documents</source>
            <translation>Documentos</translation>
        </message>
        <message>
            <source>Attach…</source>
            <translation>Anexar…</translation>
        </message>
        <message>
            <source>Open</source>
            <translation>Abrir</translation>
        </message>
        <message>
            <source>Open with the system's viewer (Enter)</source>
            <translation>Abrir com o visualizador do sistema (Enter)</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>Remover</translation>
        </message>
        <message>
            <source>Copying</source>
            <translation>Copiando</translation>
        </message>
        <message>
            <source>Attach documents</source>
            <translation>Anexar documentos</translation>
        </message>
        <message>
            <source>Documents and images</source>
            <translation>Documentos e imagens</translation>
        </message>
        <message>
            <source>All</source>
            <translation>Todos</translation>
        </message>
        <message>
            <source> ({count} more not attached.)</source>
            <translation> (mais {count} não anexados.)</translation>
        </message>
        <message>
            <source>Copying “{name}”…</source>
            <translation>Copiando “{name}”…</translation>
        </message>
        <message>
            <source>The file of “{name}” is missing from the documents folder ({folder}).</source>
            <translation>O arquivo de “{name}” não está na pasta de documentos ({folder}).</translation>
        </message>
        <message>
            <source>No program on this computer could open “{name}”.</source>
            <translation>Nenhum programa deste computador conseguiu abrir “{name}”.</translation>
        </message>
        <message>
            <source>Removed “{name}”.</source>
            <translation>“{name}” removido.</translation>
        </message>
        <message>
            <source>for “{title}”</source>
            <translation>para “{title}”</translation>
        </message>
        <message>
            <source>on {device}</source>
            <translation>em {device}</translation>
        </message>
        <message>
            <source>“{name}” was attached on {device}. Files are not shared between devices: open it there.</source>
            <translation>“{name}” foi anexado em {device}. Os arquivos não são compartilhados entre dispositivos: abra-o lá.</translation>
        </message>
        <message>
            <source>None. Drop a ticket or voucher here, or choose Attach… (Ctrl+O).</source>
            <translation>Nenhum. Solte aqui uma passagem ou um voucher, ou escolha Anexar… (Ctrl+O).</translation>
        </message>
        <message>
            <source>Select a trip to see its documents.</source>
            <translation>Selecione uma viagem para ver seus documentos.</translation>
        </message>
        <message>
            <source>No documents yet. Drop tickets, vouchers or photos here, or choose Attach… (Ctrl+O). They are copied into Concierge's data folder and sent to the assistant only when you attach one to a message (Send to assistant).</source>
            <translation>Nenhum documento ainda. Solte aqui passagens, vouchers ou fotos, ou escolha Anexar… (Ctrl+O). Eles são copiados para a pasta de dados do Concierge e enviados ao assistente só quando você anexa um deles a uma mensagem (Enviar ao assistente).</translation>
        </message>
        <message>
            <source>Send to assistant</source>
            <translation>Enviar ao assistente</translation>
        </message>
    </context>
    <context>
        <name>Duration</name>
        <message>
            <source>1 day</source>
            <translation>1 dia</translation>
        </message>
        <message>
            <source>{days} days</source>
            <translation>{days} dias</translation>
        </message>
        <message>
            <source>{hours} h</source>
            <translation>{hours} h</translation>
        </message>
        <message>
            <source>{minutes} min</source>
            <translation>{minutes} min</translation>
        </message>
    </context>
    <context>
        <name>ExpenseCategory</name>
        <message>
            <source>Transport</source>
            <translation>Transporte</translation>
        </message>
        <message>
            <source>Lodging</source>
            <translation>Hospedagem</translation>
        </message>
        <message>
            <source>Food</source>
            <translation>Alimentação</translation>
        </message>
        <message>
            <source>Activities</source>
            <translation>Atividades</translation>
        </message>
        <message>
            <source>Shopping</source>
            <translation>Compras</translation>
        </message>
        <message>
            <source>Fees</source>
            <translation>Taxas</translation>
        </message>
        <message>
            <source>Other</source>
            <translation>Outros</translation>
        </message>
    </context>
    <context>
        <name>ExpensesTable</name>
        <message>
            <source>Date</source>
            <translation>Data</translation>
        </message>
        <message>
            <source>Description</source>
            <translation>Descrição</translation>
        </message>
        <message>
            <source>Category</source>
            <translation>Categoria</translation>
        </message>
        <message>
            <source>Amount</source>
            <translation>Valor</translation>
        </message>
        <message>
            <source>Paid by</source>
            <translation>Pago por</translation>
        </message>
        <message>
            <source>Split</source>
            <translation>Divisão</translation>
        </message>
        <message>
            <source>In trip currency</source>
            <translation>Na moeda da viagem</translation>
        </message>
        <message>
            <source>amount</source>
            <translation>valor</translation>
        </message>
        <message>
            <source>currency</source>
            <translation>moeda</translation>
        </message>
        <message>
            <source>date</source>
            <translation>data</translation>
        </message>
        <message>
            <source>category</source>
            <translation>categoria</translation>
        </message>
        <message>
            <source>description</source>
            <translation>descrição</translation>
        </message>
        <message>
            <source>who paid</source>
            <translation>quem pagou</translation>
        </message>
        <message>
            <source>split</source>
            <translation>divisão</translation>
        </message>
        <message>
            <source>not converted</source>
            <translation>não convertido</translation>
        </message>
    </context>
    <context>
        <name>Exports</name>
        <message>
            <source>&amp;Calendar (.ics)…</source>
            <translation>&amp;Calendário (.ics)…</translation>
        </message>
        <message>
            <source>Calendar</source>
            <translation>Calendário</translation>
        </message>
        <message>
            <source>&amp;Itinerary (PDF)…</source>
            <translation>&amp;Roteiro (PDF)…</translation>
        </message>
        <message>
            <source>Itinerary</source>
            <translation>Roteiro</translation>
        </message>
        <message>
            <source>&amp;Export</source>
            <translation>&amp;Exportar</translation>
        </message>
        <message>
            <source>&amp;Print…</source>
            <translation>I&amp;mprimir…</translation>
        </message>
        <message>
            <source>Print pre&amp;view…</source>
            <translation>&amp;Visualizar impressão…</translation>
        </message>
        <message>
            <source>Export calendar</source>
            <translation>Exportar calendário</translation>
        </message>
        <message>
            <source>Export itinerary</source>
            <translation>Exportar roteiro</translation>
        </message>
        <message>
            <source>All</source>
            <translation>Todos</translation>
        </message>
        <message>
            <source>{what} not exported</source>
            <translation>{what} não exportado</translation>
        </message>
        <message>
            <source>{what} exported to {path}.</source>
            <translation>{what} exportado para {path}.</translation>
        </message>
        <message>
            <source>Print preview — {title}</source>
            <translation>Visualizar impressão — {title}</translation>
        </message>
        <message>
            <source>Print — {title}</source>
            <translation>Imprimir — {title}</translation>
        </message>
        <message>
            <source>Itinerary sent to {printer}.</source>
            <translation>Roteiro enviado para {printer}.</translation>
        </message>
        <message>
            <source>Itinerary sent to the printer.</source>
            <translation>Roteiro enviado para a impressora.</translation>
        </message>
    </context>
    <context>
        <name>Field</name>
        <message>
            <source>Title</source>
            <translation>Título</translation>
        </message>
        <message>
            <source>Origin</source>
            <translation>Origem</translation>
        </message>
        <message>
            <source>Origin airport code</source>
            <translation>Código do aeroporto de origem</translation>
        </message>
        <message>
            <source>Origin time zone</source>
            <translation>Fuso horário de origem</translation>
        </message>
        <message>
            <source>Start date</source>
            <translation>Data de início</translation>
        </message>
        <message>
            <source>End date</source>
            <translation>Data de término</translation>
        </message>
        <message>
            <source>Travellers</source>
            <translation>Viajantes</translation>
        </message>
        <message>
            <source>Budget</source>
            <translation>Orçamento</translation>
        </message>
        <message>
            <source>Currency</source>
            <translation>Moeda</translation>
        </message>
        <message>
            <source>Interests</source>
            <translation>Interesses</translation>
        </message>
        <message>
            <source>Pace</source>
            <translation>Ritmo</translation>
        </message>
        <message>
            <source>Notes</source>
            <translation>Notas</translation>
        </message>
        <message>
            <source>Shared with the assistant</source>
            <translation>Compartilhado com o assistente</translation>
        </message>
        <message>
            <source>Day</source>
            <translation>Dia</translation>
        </message>
        <message>
            <source>Start time</source>
            <translation>Hora de início</translation>
        </message>
        <message>
            <source>Time zone</source>
            <translation>Fuso horário</translation>
        </message>
        <message>
            <source>Place</source>
            <translation>Local</translation>
        </message>
        <message>
            <source>Kind</source>
            <translation>Tipo</translation>
        </message>
        <message>
            <source>End day</source>
            <translation>Dia de término</translation>
        </message>
        <message>
            <source>End time</source>
            <translation>Hora de término</translation>
        </message>
        <message>
            <source>End time zone</source>
            <translation>Fuso horário de término</translation>
        </message>
        <message>
            <source>All day</source>
            <translation>Dia inteiro</translation>
        </message>
        <message>
            <source>Duration</source>
            <translation>Duração</translation>
        </message>
        <message>
            <source>Carrier</source>
            <translation>Companhia</translation>
        </message>
        <message>
            <source>Number</source>
            <translation>Número</translation>
        </message>
        <message>
            <source>From</source>
            <translation>De</translation>
        </message>
        <message>
            <source>To</source>
            <translation>Para</translation>
        </message>
        <message>
            <source>Seat</source>
            <translation>Assento</translation>
        </message>
        <message>
            <source>Confirmation code</source>
            <translation>Código de reserva</translation>
        </message>
        <message>
            <source>Provider</source>
            <translation>Fornecedor</translation>
        </message>
        <message>
            <source>Address</source>
            <translation>Endereço</translation>
        </message>
        <message>
            <source>Link</source>
            <translation>Link</translation>
        </message>
        <message>
            <source>Cost</source>
            <translation>Custo</translation>
        </message>
        <message>
            <source>Cost currency</source>
            <translation>Moeda do custo</translation>
        </message>
        <message>
            <source>Opening hours</source>
            <translation>Horário de funcionamento</translation>
        </message>
        <message>
            <source>Goal title</source>
            <translation>Título do objetivo</translation>
        </message>
        <message>
            <source>Completes on</source>
            <translation>Concluído por</translation>
        </message>
        <message>
            <source>Pin text</source>
            <translation>Texto do fixado</translation>
        </message>
        <message>
            <source>Constraint</source>
            <translation>Restrição</translation>
        </message>
        <message>
            <source>Constraint confirmed</source>
            <translation>Restrição confirmada</translation>
        </message>
        <message>
            <source>File name</source>
            <translation>Nome do arquivo</translation>
        </message>
        <message>
            <source>Note</source>
            <translation>Observação</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>Parada</translation>
        </message>
        <message>
            <source>Stop airport code</source>
            <translation>Código do aeroporto da parada</translation>
        </message>
        <message>
            <source>Stop time zone</source>
            <translation>Fuso horário da parada</translation>
        </message>
        <message>
            <source>Arrival date</source>
            <translation>Data de chegada</translation>
        </message>
        <message>
            <source>Departure date</source>
            <translation>Data de partida</translation>
        </message>
        <message>
            <source>Form id</source>
            <translation>Id do formulário</translation>
        </message>
        <message>
            <source>Field name</source>
            <translation>Nome do campo</translation>
        </message>
        <message>
            <source>Amount</source>
            <translation>Valor</translation>
        </message>
        <message>
            <source>Date</source>
            <translation>Data</translation>
        </message>
        <message>
            <source>Category</source>
            <translation>Categoria</translation>
        </message>
        <message>
            <source>Description</source>
            <translation>Descrição</translation>
        </message>
        <message>
            <source>Paid by</source>
            <translation>Pago por</translation>
        </message>
        <message>
            <source>Split</source>
            <translation>Divisão</translation>
        </message>
        <message>
            <source>Itinerary item</source>
            <translation>Item do roteiro</translation>
        </message>
        <message>
            <source>Pick-up</source>
            <translation>Retirada</translation>
        </message>
        <message>
            <source>Drop-off</source>
            <translation>Devolução</translation>
        </message>
        <message>
            <source>Check-in</source>
            <translation>Check-in</translation>
        </message>
        <message>
            <source>Check-out</source>
            <translation>Check-out</translation>
        </message>
    </context>
    <context>
        <name>Form</name>
        <message>
            <source>{label} ({name}) must be {expected}; {detail}.</source>
            <translation>{label} ({name}) precisa ser {expected}; {detail}.</translation>
        </message>
    </context>
    <context>
        <name>FormPanel</name>
        <message>
            <source>Meanwhile changed to {value}. Leaving the field saves what you typed instead.</source>
            <translation>Enquanto isso, mudou para {value}. Ao sair do campo, o que você digitou é salvo no lugar.</translation>
        </message>
    </context>
    <context>
        <name>FoundServers</name>
        <message>
            <source>{server}: {models}</source>
            <translation>{server}: {models}</translation>
        </message>
        <message>
            <source>no models yet</source>
            <translation>nenhum modelo ainda</translation>
        </message>
        <message>
            <source>Found on this computer: {servers}.</source>
            <translation>Servidores neste computador: {servers}.</translation>
        </message>
        <message>
            <source>No model server answered on this computer. Looked for:</source>
            <translation>Nenhum servidor de modelos respondeu neste computador. Procurados:</translation>
        </message>
        <message>
            <source>{server} (port {port}): {start}</source>
            <translation>{server} (porta {port}): {start}</translation>
        </message>
        <message>
            <source>Model servers</source>
            <translation>Servidores de modelos</translation>
        </message>
        <message>
            <source>Model to connect</source>
            <translation>Modelo a conectar</translation>
        </message>
        <message>
            <source>Connect</source>
            <translation>Conectar</translation>
        </message>
        <message>
            <source>Look again</source>
            <translation>Procurar de novo</translation>
        </message>
        <message>
            <source>Look for model servers on this computer again</source>
            <translation>Procurar de novo servidores de modelos neste computador</translation>
        </message>
        <message>
            <source>Looking for model servers on this computer…</source>
            <translation>Procurando servidores de modelos neste computador…</translation>
        </message>
        <message>
            <source>{server}: {model}</source>
            <translation>{server}: {model}</translation>
        </message>
    </context>
    <context>
        <name>GoalTrigger</name>
        <message>
            <source>Manually</source>
            <translation>Manualmente</translation>
        </message>
        <message>
            <source>the Trip brief form is complete</source>
            <translation>o formulário Briefing da viagem está completo</translation>
        </message>
        <message>
            <source>When the Trip brief form is complete</source>
            <translation>Quando o formulário Briefing da viagem estiver completo</translation>
        </message>
        <message>
            <source>a flights lookup succeeds</source>
            <translation>uma consulta de voos é bem-sucedida</translation>
        </message>
        <message>
            <source>When a flights lookup succeeds</source>
            <translation>Quando uma consulta de voos for bem-sucedida</translation>
        </message>
        <message>
            <source>a public holidays lookup succeeds</source>
            <translation>uma consulta de feriados é bem-sucedida</translation>
        </message>
        <message>
            <source>When a public holidays lookup succeeds</source>
            <translation>Quando uma consulta de feriados for bem-sucedida</translation>
        </message>
        <message>
            <source>a budget conversion lookup succeeds</source>
            <translation>uma consulta de conversão do orçamento é bem-sucedida</translation>
        </message>
        <message>
            <source>When a budget conversion lookup succeeds</source>
            <translation>Quando uma consulta de conversão do orçamento for bem-sucedida</translation>
        </message>
        <message>
            <source>a time difference lookup succeeds</source>
            <translation>uma consulta de diferença de fuso horário é bem-sucedida</translation>
        </message>
        <message>
            <source>When a time difference lookup succeeds</source>
            <translation>Quando uma consulta de diferença de fuso horário for bem-sucedida</translation>
        </message>
        <message>
            <source>a sunrise and sunset lookup succeeds</source>
            <translation>uma consulta de nascer e pôr do sol é bem-sucedida</translation>
        </message>
        <message>
            <source>When a sunrise and sunset lookup succeeds</source>
            <translation>Quando uma consulta de nascer e pôr do sol for bem-sucedida</translation>
        </message>
        <message>
            <source>a weather forecast lookup succeeds</source>
            <translation>uma consulta de previsão do tempo é bem-sucedida</translation>
        </message>
        <message>
            <source>When a weather forecast lookup succeeds</source>
            <translation>Quando uma consulta de previsão do tempo for bem-sucedida</translation>
        </message>
    </context>
    <context>
        <name>GoalsList</name>
        <message>
            <source>Goal</source>
            <translation>Objetivo</translation>
        </message>
        <message>
            <source>Completes when</source>
            <translation>Conclui quando</translation>
        </message>
        <message>
            <source>Completed by</source>
            <translation>Concluído por</translation>
        </message>
        <message>
            <source>You</source>
            <translation>Você</translation>
        </message>
        <message>
            <source>The assistant</source>
            <translation>O assistente</translation>
        </message>
        <message>
            <source>Automatically</source>
            <translation>Automaticamente</translation>
        </message>
        <message>
            <source>title</source>
            <translation>título</translation>
        </message>
        <message>
            <source>done</source>
            <translation>concluído</translation>
        </message>
        <message>
            <source>what completes it</source>
            <translation>o que o conclui</translation>
        </message>
        <message>
            <source>Open</source>
            <translation>Aberto</translation>
        </message>
        <message>
            <source>Done</source>
            <translation>Concluído</translation>
        </message>
        <message>
            <source>Done (you)</source>
            <translation>Concluído (você)</translation>
        </message>
        <message>
            <source>Done (the assistant)</source>
            <translation>Concluído (o assistente)</translation>
        </message>
        <message>
            <source>Done (automatically)</source>
            <translation>Concluído (automaticamente)</translation>
        </message>
        <message>
            <source>Completes by itself when {trigger}</source>
            <translation>Conclui sozinho quando {trigger}</translation>
        </message>
    </context>
    <context>
        <name>GoalsPanel</name>
        <message>
            <source>Select a trip to see its goals.</source>
            <translation>Selecione uma viagem para ver os objetivos dela.</translation>
        </message>
        <message>
            <source>No goals yet. Add what must get done, e.g. “Flights booked”.</source>
            <translation>Nenhum objetivo ainda. Adicione o que precisa ser feito, ex.: “Voos reservados”.</translation>
        </message>
        <message>
            <source>Goals</source>
            <translation>Objetivos</translation>
        </message>
        <message>
            <source>New goal</source>
            <translation>Novo objetivo</translation>
        </message>
        <message>
            <source>e.g. First night's hotel chosen</source>
            <translation>ex.: Hotel da primeira noite escolhido</translation>
        </message>
        <message>
            <source>Rename</source>
            <translation>Renomear</translation>
        </message>
        <message>
            <source>Mark done</source>
            <translation>Marcar como concluído</translation>
        </message>
        <message>
            <source>Completes when</source>
            <translation>Conclui quando</translation>
        </message>
        <message>
            <source>Completes when…</source>
            <translation>Conclui quando…</translation>
        </message>
        <message>
            <source>Reopen</source>
            <translation>Reabrir</translation>
        </message>
        <message>
            <source>Removed goal “{title}”.</source>
            <translation>Objetivo “{title}” removido.</translation>
        </message>
    </context>
    <context>
        <name>HeldBack</name>
        <message>
            <source>No trip selected.</source>
            <translation>Nenhuma viagem selecionada.</translation>
        </message>
        <message>
            <source>Nothing is held back: this trip holds no passport, booking or card numbers.</source>
            <translation>Nada é retido: esta viagem não tem números de passaporte, de reserva nem de cartão.</translation>
        </message>
        <message>
            <source>Share with assistant</source>
            <translation>Compartilhar com o assistente</translation>
        </message>
        <message>
            <source>Stop sharing</source>
            <translation>Parar de compartilhar</translation>
        </message>
        <message>
            <source>shared</source>
            <translation>compartilhado</translation>
        </message>
        <message>
            <source>held back</source>
            <translation>retido</translation>
        </message>
        <message>
            <source>Held back from the assistant</source>
            <translation>Retido do assistente</translation>
        </message>
        <message>
            <source>{held} of {count} sensitive values held back: the assistant reads “{on_file}” instead. Share one only if the assistant needs it.</source>
            <translation>{held} de {count} valores sensíveis retidos: o assistente lê “{on_file}” no lugar deles. Compartilhe um só se o assistente precisar dele.</translation>
        </message>
    </context>
    <context>
        <name>HostedKey</name>
        <message>
            <source>Or paste an &amp;API key from {server}:</source>
            <translation>Ou cole uma chave de &amp;API da {server}:</translation>
        </message>
        <message>
            <source>{server} API key</source>
            <translation>Chave de API da {server}</translation>
        </message>
        <message>
            <source>API key check</source>
            <translation>Verificação da chave de API</translation>
        </message>
        <message>
            <source>Checking the key with {server}…</source>
            <translation>Verificando a chave com a {server}…</translation>
        </message>
        <message>
            <source>Key accepted: {count} models to choose from.</source>
            <translation>Chave aceita: {count} modelos para escolher.</translation>
        </message>
    </context>
    <context>
        <name>Import</name>
        <message>
            <source>{where}: {message}</source>
            <translation>{where}: {message}</translation>
        </message>
        <message>
            <source>{file_name} was not imported: 1 record cannot be read — {errors}.</source>
            <translation>{file_name} não foi importado: 1 registro não pode ser lido — {errors}.</translation>
        </message>
        <message>
            <source>{file_name} was not imported: {count} records cannot be read — {errors}.</source>
            <translation>{file_name} não foi importado: {count} registros não podem ser lidos — {errors}.</translation>
        </message>
        <message>
            <source>it cannot be read ({strerror}).</source>
            <translation>não é possível lê-lo ({strerror}).</translation>
        </message>
        <message>
            <source>it is larger than {value} MB, the most imported.</source>
            <translation>é maior que {value} MB, o máximo importado.</translation>
        </message>
        <message>
            <source>In {file_name}, {ref}: {reason}</source>
            <translation>Em {file_name}, {ref}: {reason}</translation>
        </message>
        <message>
            <source>In {file_name}, {ref}: {reason}.</source>
            <translation>Em {file_name}, {ref}: {reason}.</translation>
        </message>
        <message>
            <source>the time zone {zone!s} is not an IANA zone such as Europe/Lisbon</source>
            <translation>o fuso horário {zone!s} não é um fuso IANA como Europe/Lisbon</translation>
        </message>
        <message>
            <source>it is not UTF-8 text (byte {value}); save it as UTF-8 CSV.</source>
            <translation>não é texto UTF-8 (byte {value}); salve-o como CSV UTF-8.</translation>
        </message>
        <message>
            <source>it is binary data, not CSV text.</source>
            <translation>são dados binários, não texto CSV.</translation>
        </message>
        <message>
            <source>it is not valid CSV ({error}).</source>
            <translation>não é um CSV válido ({error}).</translation>
        </message>
        <message>
            <source>it is empty.</source>
            <translation>está vazio.</translation>
        </message>
        <message>
            <source>it has {count:,} rows; at most {max_records:,} are imported.</source>
            <translation>tem {count} linhas; no máximo {max_records} são importadas.</translation>
        </message>
        <message>
            <source>no column gives the date (name one Date, or map a column to the day).</source>
            <translation>nenhuma coluna traz a data (chame uma de Date, ou associe uma coluna ao dia).</translation>
        </message>
        <message>
            <source>it has no column {cell!r} to map to {field}.</source>
            <translation>não tem a coluna {cell!r} para associar a {field}.</translation>
        </message>
        <message>
            <source>column {cell!r} is mapped to {field!r}, which is not an item field ({join}).</source>
            <translation>a coluna {cell!r} está associada a {field!r}, que não é um campo de item ({join}).</translation>
        </message>
        <message>
            <source>more than one column is mapped to {doubled}.</source>
            <translation>mais de uma coluna está associada a {doubled}.</translation>
        </message>
        <message>
            <source>{text!r} could be {day} or {other}: read as {day}, in the order your language writes dates. Check it, or choose the date format.</source>
            <translation>{text!r} pode ser {day} ou {other}: lido como {day}, na ordem em que seu idioma escreve datas. Confira, ou escolha o formato de data.</translation>
        </message>
        <message>
            <source>The cost {text!r} could be {value} or {other}: read as {value}, as your language writes numbers. Check it.</source>
            <translation>O custo {text!r} pode ser {value} ou {other}: lido como {value}, como seu idioma escreve números. Confira.</translation>
        </message>
        <message>
            <source>{raw!r} is not a kind of item ({names})</source>
            <translation>{raw!r} não é um tipo de item ({names})</translation>
        </message>
        <message>
            <source>column {column!r}: {rstrip}</source>
            <translation>coluna {column!r}: {rstrip}</translation>
        </message>
        <message>
            <source>column {header!r}: it has no date</source>
            <translation>coluna {header!r}: não tem data</translation>
        </message>
        <message>
            <source>“{pair}” is not Column=field (e.g. Date=day or Notes=ignore).</source>
            <translation>“{pair}” não está no formato Coluna=campo (por exemplo Date=day ou Notes=ignore).</translation>
        </message>
        <message>
            <source>{file_name} has no column “{column}” (its columns: {join}).</source>
            <translation>{file_name} não tem a coluna “{column}” (suas colunas: {join}).</translation>
        </message>
        <message>
            <source>“{wanted}” is not an item field (fields: {join}, or {ignore}).</source>
            <translation>“{wanted}” não é um campo de item (campos: {join}, ou {ignore}).</translation>
        </message>
        <message>
            <source>it is not an e-mail message (it has no headers).</source>
            <translation>não é uma mensagem de e-mail (não tem cabeçalhos).</translation>
        </message>
        <message>
            <source>it has {count:,} records; at most {max_records:,} are imported.</source>
            <translation>tem {count} registros; no máximo {max_records} são importados.</translation>
        </message>
        <message>
            <source>it is not a JSON object</source>
            <translation>não é um objeto JSON</translation>
        </message>
        <message>
            <source>it holds no reservation Concierge imports ({known}), only {blocks}.</source>
            <translation>não contém nenhuma reserva que o Concierge importa ({known}), apenas {blocks}.</translation>
        </message>
        <message>
            <source>Left out, as they are not reservations: {blocks}.</source>
            <translation>Deixados de fora, por não serem reservas: {blocks}.</translation>
        </message>
        <message>
            <source>it is not a readable calendar ({reason}).</source>
            <translation>não é um calendário legível ({reason}).</translation>
        </message>
        <message>
            <source>it has {count:,} events; at most {max_records:,} are imported.</source>
            <translation>tem {count} eventos; no máximo {max_records} são importados.</translation>
        </message>
        <message>
            <source>it has {count} {name} lines; an event has one</source>
            <translation>tem {count} linhas {name}; um evento tem uma</translation>
        </message>
        <message>
            <source>its {name} {str!r} is not a date or time</source>
            <translation>seu {name} {str!r} não é uma data nem um horário</translation>
        </message>
        <message>
            <source>its {name} is not a date or time</source>
            <translation>seu {name} não é uma data nem um horário</translation>
        </message>
        <message>
            <source>its {name} has the unknown time zone {tzid!r}</source>
            <translation>seu {name} tem o fuso horário desconhecido {tzid!r}</translation>
        </message>
        <message>
            <source>its {name} has the time zone {tzid!r}, not an IANA zone</source>
            <translation>seu {name} tem o fuso horário {tzid!r}, que não é um fuso IANA</translation>
        </message>
        <message>
            <source>it has no start (DTSTART)</source>
            <translation>não tem início (DTSTART)</translation>
        </message>
        <message>
            <source>its DURATION is not a length of time</source>
            <translation>seu DURATION não é uma duração</translation>
        </message>
        <message>
            <source>it starts at a time but ends on a date</source>
            <translation>começa em um horário mas termina em uma data</translation>
        </message>
        <message>
            <source>one of its start and end has a time zone and the other not</source>
            <translation>um entre início e término tem fuso horário e o outro não</translation>
        </message>
        <message>
            <source>it ends before it starts</source>
            <translation>termina antes de começar</translation>
        </message>
        <message>
            <source>it starts on a date but ends at a time</source>
            <translation>começa em uma data mas termina em um horário</translation>
        </message>
        <message>
            <source>its {property_name} {text!r} cannot be read</source>
            <translation>não é possível ler seu {property_name} {text!r}</translation>
        </message>
        <message>
            <source>its {what} is missing</source>
            <translation>falta seu {what}</translation>
        </message>
        <message>
            <source>its {what} {text!r} is not a valid date and time</source>
            <translation>seu {what} {text!r} não é uma data e hora válida</translation>
        </message>
        <message>
            <source>its {what} {text!r} ({date}) is not a plausible trip date</source>
            <translation>seu {what} {text!r} ({date}) não é uma data de viagem plausível</translation>
        </message>
        <message>
            <source>it is protected by a password.</source>
            <translation>está protegido por senha.</translation>
        </message>
        <message>
            <source>it is not a readable PDF ({error}).</source>
            <translation>não é um PDF legível ({error}).</translation>
        </message>
        <message>
            <source>it is not a readable PDF ({reason}).</source>
            <translation>não é um PDF legível ({reason}).</translation>
        </message>
        <message>
            <source>it is a zip archive without a pass.json, not a wallet pass.</source>
            <translation>é um arquivo zip sem pass.json, não um passe de carteira.</translation>
        </message>
        <message>
            <source>its pass.json is {file_size:,} bytes; at most {max_zip_member_bytes:,} are read.</source>
            <translation>seu pass.json tem {file_size} bytes; no máximo {max_zip_member_bytes} são lidos.</translation>
        </message>
        <message>
            <source>it is a damaged or incomplete zip archive ({error}).</source>
            <translation>é um arquivo zip danificado ou incompleto ({error}).</translation>
        </message>
        <message>
            <source>its pass.json is not valid JSON ({error}).</source>
            <translation>seu pass.json não é um JSON válido ({error}).</translation>
        </message>
        <message>
            <source>its pass.json is not a JSON object.</source>
            <translation>seu pass.json não é um objeto JSON.</translation>
        </message>
        <message>
            <source>it is not a boarding pass or an event ticket</source>
            <translation>não é um cartão de embarque nem um ingresso</translation>
        </message>
        <message>
            <source>it is a {style_name} pass, not a boarding pass or an event ticket</source>
            <translation>é um passe do tipo {style_name}, não um cartão de embarque nem um ingresso</translation>
        </message>
        <message>
            <source>it has no date (relevantDate)</source>
            <translation>não tem data (relevantDate)</translation>
        </message>
        <message>
            <source>its price {str!r} is not a number</source>
            <translation>seu preço {str!r} não é um número</translation>
        </message>
        <message>
            <source>its price {str!r} is not an amount</source>
            <translation>seu preço {str!r} não é um valor</translation>
        </message>
        <message>
            <source>its price has no currency (priceCurrency)</source>
            <translation>seu preço não tem moeda (priceCurrency)</translation>
        </message>
        <message>
            <source>the file does not exist.</source>
            <translation>o arquivo não existe.</translation>
        </message>
        <message>
            <source>it is a folder, not a file.</source>
            <translation>é uma pasta, não um arquivo.</translation>
        </message>
        <message>
            <source>its name says {names} but it holds {names2}.</source>
            <translation>o nome diz {names}, mas ele contém {names2}.</translation>
        </message>
        <message>
            <source>it is not a kind of file Concierge imports ({known}).</source>
            <translation>não é um tipo de arquivo que o Concierge importa ({known}).</translation>
        </message>
        <message>
            <source>it is not {names} (its content says otherwise).</source>
            <translation>não é {names} (o conteúdo indica outra coisa).</translation>
        </message>
        <message>
            <source>it is {value:,.1f} MB; at most {value2} MB are imported for {names}.</source>
            <translation>tem {value:.1f} MB; no máximo {value2} MB são importados para {names}.</translation>
        </message>
    </context>
    <context>
        <name>ImportRunner</name>
        <message>
            <source>Bookings (*.ics *.pkpass *.eml *.pdf *.csv *.tsv *.txt);;All files (*)</source>
            <translation>Reservas (*.ics *.pkpass *.eml *.pdf *.csv *.tsv *.txt);;Todos os arquivos (*)</translation>
        </message>
        <message>
            <source>Import progress</source>
            <translation>Progresso da importação</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Cancelar</translation>
        </message>
        <message>
            <source>Cancel the import</source>
            <translation>Cancelar a importação</translation>
        </message>
        <message>
            <source>Importing {name}…</source>
            <translation>Importando {name}…</translation>
        </message>
    </context>
    <context>
        <name>ImportsPanel</name>
        <message>
            <source>Kind</source>
            <translation>Tipo</translation>
        </message>
        <message>
            <source>Title</source>
            <translation>Título</translation>
        </message>
        <message>
            <source>When (local)</source>
            <translation>Quando (local)</translation>
        </message>
        <message>
            <source>Booking code</source>
            <translation>Código de reserva</translation>
        </message>
        <message>
            <source>Duplicate</source>
            <translation>Duplicado</translation>
        </message>
        <message>
            <source>Accept ticked</source>
            <translation>Aceitar marcados</translation>
        </message>
        <message>
            <source>Reject</source>
            <translation>Rejeitar</translation>
        </message>
        <message>
            <source>Edit…</source>
            <translation>Editar…</translation>
        </message>
        <message>
            <source>Accept all new</source>
            <translation>Aceitar todos os novos</translation>
        </message>
        <message>
            <source>Reject all</source>
            <translation>Rejeitar todos</translation>
        </message>
        <message>
            <source>an item</source>
            <translation>um item</translation>
        </message>
        <message>
            <source>The itinerary has it already: “{title}”.</source>
            <translation>O roteiro já tem isto: “{title}”.</translation>
        </message>
        <message>
            <source>An earlier import has it already.</source>
            <translation>Uma importação anterior já tem isto.</translation>
        </message>
        <message>
            <source>From {file} ({source})</source>
            <translation>De {file} ({source})</translation>
        </message>
        <message>
            <source>Imported records</source>
            <translation>Registros importados</translation>
        </message>
        <message>
            <source>Records to review</source>
            <translation>Registros para revisar</translation>
        </message>
        <message>
            <source>1 record from {files} to review, not added yet: Space ticks, Enter accepts the ticked, Delete rejects.</source>
            <translation>1 registro de {files} para revisar, ainda não adicionado: Espaço marca, Enter aceita os marcados, Delete rejeita.</translation>
        </message>
        <message>
            <source>{count} records from {files} to review, not added yet: Space ticks, Enter accepts the ticked, Delete rejects.</source>
            <translation>{count} registros de {files} para revisar, ainda não adicionados: Espaço marca, Enter aceita os marcados, Delete rejeita.</translation>
        </message>
        <message>
            <source>Edit imported record</source>
            <translation>Editar registro importado</translation>
        </message>
        <message>
            <source>Nothing was added: {reason}</source>
            <translation>Nada foi adicionado: {reason}</translation>
        </message>
        <message>
            <source>Rejected 1 imported record.</source>
            <translation>1 registro importado rejeitado.</translation>
        </message>
        <message>
            <source>Rejected {count} imported records.</source>
            <translation>{count} registros importados rejeitados.</translation>
        </message>
        <message>
            <source>Added 1 imported item to the itinerary; Ctrl+Z undoes it.</source>
            <translation>1 item importado adicionado ao roteiro; Ctrl+Z desfaz.</translation>
        </message>
        <message>
            <source>Added {count} imported items to the itinerary; Ctrl+Z undoes it.</source>
            <translation>{count} itens importados adicionados ao roteiro; Ctrl+Z desfaz.</translation>
        </message>
    </context>
    <context>
        <name>Inspector</name>
        <message>
            <source>Before call {call}, {count} earlier messages were summarized: about {before} → {after} tokens sent. The full conversation stays in the chat.</source>
            <translation>Antes da chamada {call}, {count} mensagens anteriores foram resumidas: cerca de {before} → {after} tokens enviados. A conversa completa continua no chat.</translation>
        </message>
        <message>
            <source>What the assistant sees</source>
            <translation>O que o assistente vê</translation>
        </message>
        <message>
            <source>System prompt</source>
            <translation>Prompt de sistema</translation>
        </message>
        <message>
            <source>Usage per model call</source>
            <translation>Uso por chamada ao modelo</translation>
        </message>
        <message>
            <source>Usage totals</source>
            <translation>Totais de uso</translation>
        </message>
        <message>
            <source>Compaction</source>
            <translation>Compactação</translation>
        </message>
        <message>
            <source>Runtime snapshot</source>
            <translation>Retrato do estado atual</translation>
        </message>
        <message>
            <source>Held back from the assistant</source>
            <translation>Retido do assistente</translation>
        </message>
        <message>
            <source>Token usage per model call</source>
            <translation>Uso de tokens por chamada ao modelo</translation>
        </message>
        <message>
            <source>No model calls yet.</source>
            <translation>Nenhuma chamada ao modelo ainda.</translation>
        </message>
        <message>
            <source>1 call: {prompt} prompt tokens, {cached} cached ({share}), {completion} completion tokens</source>
            <translation>1 chamada: {prompt} tokens de prompt, {cached} em cache ({share}), {completion} tokens de resposta</translation>
        </message>
        <message>
            <source>{calls} calls: {prompt} prompt tokens, {cached} cached ({share}), {completion} completion tokens</source>
            <translation>{calls} chamadas: {prompt} tokens de prompt, {cached} em cache ({share}), {completion} tokens de resposta</translation>
        </message>
    </context>
    <context>
        <name>Invite</name>
        <message>
            <source>This is not a Concierge invite code: it should start with “{prefix}.”.</source>
            <translation>Isto não é um código de convite do Concierge: ele deveria começar com “{prefix}.”.</translation>
        </message>
        <message>
            <source>This invite code is damaged (cut short or changed on its way): ask for it again, or copy it whole.</source>
            <translation>Este código de convite está danificado (cortado ou alterado no caminho): peça-o de novo ou copie-o inteiro.</translation>
        </message>
        <message>
            <source>This invite code was made by a newer Concierge (invite version {version}): update Concierge to join this trip.</source>
            <translation>Este código de convite foi feito por um Concierge mais novo (versão de convite {version}): atualize o Concierge para entrar nesta viagem.</translation>
        </message>
    </context>
    <context>
        <name>ItemEditor</name>
        <message>
            <source>Add item</source>
            <translation>Adicionar item</translation>
        </message>
        <message>
            <source>Edit item</source>
            <translation>Editar item</translation>
        </message>
        <message>
            <source>Optional, e.g. 09:30</source>
            <translation>Opcional, p. ex. 09:30</translation>
        </message>
        <message>
            <source>Time zone, e.g. Europe/Lisbon</source>
            <translation>Fuso horário, p. ex. Europe/Lisbon</translation>
        </message>
        <message>
            <source>Same day</source>
            <translation>No mesmo dia</translation>
        </message>
        <message>
            <source>Optional, e.g. 11:00</source>
            <translation>Opcional, p. ex. 11:00</translation>
        </message>
        <message>
            <source>Same as the start</source>
            <translation>O mesmo do início</translation>
        </message>
        <message>
            <source>Instead of an end, e.g. 1h30</source>
            <translation>Em vez de um término, p. ex. 1h30</translation>
        </message>
        <message>
            <source>https://…</source>
            <translation>https://…</translation>
        </message>
        <message>
            <source>e.g. 10:00–19:00, closed Mondays</source>
            <translation>p. ex. 10:00–19:00, fechado às segundas</translation>
        </message>
        <message>
            <source>Optional, e.g. 120.50</source>
            <translation>Opcional, p. ex. 120.50</translation>
        </message>
        <message>
            <source>Error</source>
            <translation>Erro</translation>
        </message>
        <message>
            <source>Save</source>
            <translation>Salvar</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Cancelar</translation>
        </message>
        <message>
            <source>Confirm details</source>
            <translation>Confirmar detalhes</translation>
        </message>
        <message>
            <source>Confirm the details the assistant set (marked); editing one confirms it too</source>
            <translation>Confirmar os detalhes definidos pelo assistente (marcados); editar um deles também o confirma</translation>
        </message>
        <message>
            <source>Check-in day</source>
            <translation>Dia do check-in</translation>
        </message>
        <message>
            <source>Check-out day</source>
            <translation>Dia do check-out</translation>
        </message>
        <message>
            <source>Drop-off day</source>
            <translation>Dia da devolução</translation>
        </message>
    </context>
    <context>
        <name>ItemKind</name>
        <message>
            <source>Flight</source>
            <translation>Voo</translation>
        </message>
        <message>
            <source>Train</source>
            <translation>Trem</translation>
        </message>
        <message>
            <source>Bus</source>
            <translation>Ônibus</translation>
        </message>
        <message>
            <source>Car</source>
            <translation>Carro</translation>
        </message>
        <message>
            <source>Ferry</source>
            <translation>Balsa</translation>
        </message>
        <message>
            <source>Lodging</source>
            <translation>Hospedagem</translation>
        </message>
        <message>
            <source>Activity</source>
            <translation>Atividade</translation>
        </message>
        <message>
            <source>Meal</source>
            <translation>Refeição</translation>
        </message>
        <message>
            <source>Note</source>
            <translation>Nota</translation>
        </message>
    </context>
    <context>
        <name>ItemText</name>
        <message>
            <source>All day</source>
            <translation>Dia inteiro</translation>
        </message>
        <message>
            <source>until {clock}</source>
            <translation>até {clock}</translation>
        </message>
        <message>
            <source>{role} {clock}</source>
            <translation>{role} {clock}</translation>
        </message>
        <message>
            <source>{kind} · {title}</source>
            <translation>{kind} · {title}</translation>
        </message>
        <message>
            <source>seat {seat}</source>
            <translation>assento {seat}</translation>
        </message>
        <message>
            <source>ref. {code}</source>
            <translation>ref. {code}</translation>
        </message>
        <message>
            <source>open {hours}</source>
            <translation>aberto {hours}</translation>
        </message>
        <message>
            <source>continues</source>
            <translation>continua</translation>
        </message>
        <message>
            <source>check-in</source>
            <translation>check-in</translation>
        </message>
        <message>
            <source>check-out</source>
            <translation>check-out</translation>
        </message>
        <message>
            <source>pick-up</source>
            <translation>retirada</translation>
        </message>
        <message>
            <source>drop-off</source>
            <translation>devolução</translation>
        </message>
        <message>
            <source>departs</source>
            <translation>parte</translation>
        </message>
        <message>
            <source>arrives</source>
            <translation>chega</translation>
        </message>
        <message>
            <source>starts</source>
            <translation>começa</translation>
        </message>
        <message>
            <source>ends</source>
            <translation>termina</translation>
        </message>
    </context>
    <context>
        <name>ItineraryModel</name>
        <message>
            <source>Time</source>
            <translation>Horário</translation>
        </message>
        <message>
            <source>Title</source>
            <translation>Título</translation>
        </message>
        <message>
            <source>Place</source>
            <translation>Local</translation>
        </message>
        <message>
            <source>Notes</source>
            <translation>Notas</translation>
        </message>
        <message>
            <source>{what}: {fields}</source>
            <translation>{what}: {fields}</translation>
        </message>
        <message>
            <source>{day}, 1 item</source>
            <translation>{day}, 1 item</translation>
        </message>
        <message>
            <source>{day}, {count} items</source>
            <translation>{day}, {count} itens</translation>
        </message>
        <message>
            <source>Day locked: the assistant cannot change it</source>
            <translation>Dia bloqueado: o assistente não pode alterá-lo</translation>
        </message>
    </context>
    <context>
        <name>ItineraryPage</name>
        <message>
            <source>Essentials</source>
            <translation>Essenciais</translation>
        </message>
        <message>
            <source>Nothing planned.</source>
            <translation>Nada planejado.</translation>
        </message>
        <message>
            <source>Total</source>
            <translation>Total</translation>
        </message>
        <message>
            <source>Costs</source>
            <translation>Custos</translation>
        </message>
    </context>
    <context>
        <name>ItineraryToolbar</name>
        <message>
            <source>Add item</source>
            <translation>Adicionar item</translation>
        </message>
        <message>
            <source>Edit</source>
            <translation>Editar</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>Remover</translation>
        </message>
        <message>
            <source>Move to previous day</source>
            <translation>Mover para o dia anterior</translation>
        </message>
        <message>
            <source>Move to next day</source>
            <translation>Mover para o dia seguinte</translation>
        </message>
        <message>
            <source>Confirm details</source>
            <translation>Confirmar detalhes</translation>
        </message>
        <message>
            <source>Confirm the times, costs and addresses the assistant set on the selected items</source>
            <translation>Confirmar os horários, custos e endereços que o assistente definiu nos itens selecionados</translation>
        </message>
        <message>
            <source>Move to day</source>
            <translation>Mover para o dia</translation>
        </message>
        <message>
            <source>Move the selected item to another day ({previous} or {next}: the previous or next day)</source>
            <translation>Mover o item selecionado para outro dia ({previous} ou {next}: o dia anterior ou o seguinte)</translation>
        </message>
    </context>
    <context>
        <name>ItineraryView</name>
        <message>
            <source>Select a trip to see its itinerary.</source>
            <translation>Selecione uma viagem para ver o roteiro.</translation>
        </message>
        <message>
            <source>Nothing planned yet. Add the first item with Add item.</source>
            <translation>Nada planejado ainda. Adicione o primeiro item com Adicionar item.</translation>
        </message>
        <message>
            <source>Itinerary</source>
            <translation>Roteiro</translation>
        </message>
        <message>
            <source>Timeline</source>
            <translation>Linha do tempo</translation>
        </message>
        <message>
            <source>Show the day timeline beside the list ({keys})</source>
            <translation>Mostrar a linha do tempo do dia ao lado da lista ({keys})</translation>
        </message>
        <message>
            <source>Removed “{title}”.</source>
            <translation>“{title}” removido.</translation>
        </message>
        <message>
            <source>Removed {count} items.</source>
            <translation>{count} itens removidos.</translation>
        </message>
        <message>
            <source>Documents</source>
            <translation>Documentos</translation>
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
        <name>LedgerPanel</name>
        <message>
            <source>Select a trip to see what was spent on it.</source>
            <translation>Selecione uma viagem para ver o que foi gasto nela.</translation>
        </message>
        <message>
            <source>Loading the expenses and the exchange rates…</source>
            <translation>Carregando as despesas e as taxas de câmbio…</translation>
        </message>
        <message>
            <source>No expenses yet. New expense (Ctrl+N) adds one.</source>
            <translation>Nenhuma despesa ainda. Nova despesa (Ctrl+N) adiciona uma.</translation>
        </message>
        <message>
            <source>Add</source>
            <translation>Adicionar</translation>
        </message>
        <message>
            <source>at the ECB rate of {day}</source>
            <translation>à taxa do BCE de {day}</translation>
        </message>
        <message>
            <source>at ECB rates of {first} to {last}</source>
            <translation>às taxas do BCE de {first} a {last}</translation>
        </message>
        <message>
            <source>; {count} at the latest rate, an estimate</source>
            <translation>; {count} à taxa mais recente, uma estimativa</translation>
        </message>
        <message>
            <source>Converted to {code} {note}.</source>
            <translation>Convertido para {code} {note}.</translation>
        </message>
        <message>
            <source>Money</source>
            <translation>Despesas</translation>
        </message>
        <message>
            <source>Expenses</source>
            <translation>Despesas</translation>
        </message>
        <message>
            <source>New expense</source>
            <translation>Nova despesa</translation>
        </message>
        <message>
            <source>Edit</source>
            <translation>Editar</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>Remover</translation>
        </message>
        <message>
            <source>Confirm amount</source>
            <translation>Confirmar valor</translation>
        </message>
        <message>
            <source>e.g. {example}</source>
            <translation>ex.: {example}</translation>
        </message>
        <message>
            <source>e.g. 12.50</source>
            <translation>ex.: 12,50</translation>
        </message>
        <message>
            <source>e.g. Taxi to the hotel</source>
            <translation>ex.: Táxi até o hotel</translation>
        </message>
        <message>
            <source>Everyone equally, or e.g. Me: 2, Ana: 1</source>
            <translation>Todos por igual, ou ex.: Me: 2, Ana: 1</translation>
        </message>
        <message>
            <source>Problem</source>
            <translation>Problema</translation>
        </message>
        <message>
            <source>Save</source>
            <translation>Salvar</translation>
        </message>
        <message>
            <source>Date: {error}</source>
            <translation>Data: {error}</translation>
        </message>
        <message>
            <source>expense</source>
            <translation>despesa</translation>
        </message>
        <message>
            <source>Removed {what} ({amount}).</source>
            <translation>Removido: {what} ({amount}).</translation>
        </message>
        <message>
            <source>{name}: share {share}, paid {paid}</source>
            <translation>{name}: parte {share}, pagou {paid}</translation>
        </message>
        <message>
            <source>To settle: {debtor} pays {creditor} {amount}</source>
            <translation>Para acertar: {debtor} paga a {creditor} {amount}</translation>
        </message>
        <message>
            <source>Not in the totals: {what} ({amount}), no ECB rate</source>
            <translation>Fora dos totais: {what} ({amount}), sem taxa do BCE</translation>
        </message>
    </context>
    <context>
        <name>LiveTurn</name>
        <message>
            <source>Summarizing {count} earlier messages for the assistant…</source>
            <translation>Resumindo {count} mensagens anteriores para o assistente…</translation>
        </message>
        <message>
            <source>Summarized {count} earlier messages for the assistant.</source>
            <translation>{count} mensagens anteriores resumidas para o assistente.</translation>
        </message>
        <message>
            <source>Could not summarize earlier messages; the assistant gets them in full.</source>
            <translation>Não foi possível resumir as mensagens anteriores; o assistente as recebe por inteiro.</translation>
        </message>
        <message>
            <source>Waiting for the server, {seconds} s…</source>
            <translation>Aguardando o servidor, {seconds} s…</translation>
        </message>
        <message>
            <source>Waiting for the server, {seconds} s… It runs on this computer: it may still be loading the model.</source>
            <translation>Aguardando o servidor, {seconds} s… Ele roda neste computador: talvez ainda esteja carregando o modelo.</translation>
        </message>
        <message>
            <source>running…</source>
            <translation>em execução…</translation>
        </message>
        <message>
            <source>waiting for your answer…</source>
            <translation>aguardando sua resposta…</translation>
        </message>
    </context>
    <context>
        <name>Locks</name>
        <message>
            <source>Lock or unlock</source>
            <translation>Bloquear ou desbloquear</translation>
        </message>
        <message>
            <source>To lock something against the assistant's changes, select an itinerary item or day, or put the cursor in a stop or a trip field, then choose Edit ▸ Lock or unlock (Ctrl+L in the itinerary and the stops; a trip field's context menu has Lock field).</source>
            <translation>Para bloquear algo contra as alterações do assistente, selecione um item ou dia do roteiro, ou ponha o cursor numa parada ou num campo da viagem, e escolha Editar ▸ Bloquear ou desbloquear (Ctrl+L no roteiro e nas paradas; o menu de contexto de um campo da viagem tem Bloquear campo).</translation>
        </message>
        <message>
            <source>locked: the assistant cannot change it</source>
            <translation>bloqueado: o assistente não pode alterá-lo</translation>
        </message>
        <message>
            <source>Field locked: the assistant cannot change it</source>
            <translation>Campo bloqueado: o assistente não pode alterá-lo</translation>
        </message>
        <message>
            <source>Lock against the assistant’s changes, or unlock ({keys})</source>
            <translation>Bloquear contra as alterações do assistente, ou desbloquear ({keys})</translation>
        </message>
        <message>
            <source>Lock field against the assistant</source>
            <translation>Bloquear campo contra o assistente</translation>
        </message>
        <message>
            <source>Unlock field</source>
            <translation>Desbloquear campo</translation>
        </message>
    </context>
    <context>
        <name>Lookup</name>
        <message>
            <source>Flights</source>
            <translation>Voos</translation>
        </message>
        <message>
            <source>airports serving home and the first stop, great-circle distance and estimated flight time</source>
            <translation>aeroportos que atendem a origem e a primeira parada, distância em linha reta e tempo de voo estimado</translation>
        </message>
        <message>
            <source>Public holidays</source>
            <translation>Feriados</translation>
        </message>
        <message>
            <source>public holidays in each stop's country while there</source>
            <translation>feriados no país de cada parada durante a estadia</translation>
        </message>
        <message>
            <source>Budget conversion</source>
            <translation>Conversão do orçamento</translation>
        </message>
        <message>
            <source>the budget converted at the European Central Bank's latest shipped rate, with the rate's date (needs to_currency)</source>
            <translation>o orçamento convertido pela cotação mais recente do Banco Central Europeu incluída no app, com a data da cotação (precisa de to_currency)</translation>
        </message>
        <message>
            <source>Time difference</source>
            <translation>Diferença de horário</translation>
        </message>
        <message>
            <source>time difference between home and each stop, local time there</source>
            <translation>diferença de horário entre a origem e cada parada, com a hora local</translation>
        </message>
        <message>
            <source>Sunrise and sunset</source>
            <translation>Nascer e pôr do sol</translation>
        </message>
        <message>
            <source>sunrise, sunset and daylight at each stop for its days</source>
            <translation>nascer do sol, pôr do sol e horas de luz em cada parada nos seus dias</translation>
        </message>
        <message>
            <source>Weather forecast</source>
            <translation>Previsão do tempo</translation>
        </message>
        <message>
            <source>daily weather forecast at each stop for its days within 16 days (online: only when weather forecasts are on in Settings)</source>
            <translation>previsão do tempo diária em cada parada nos seus dias, dentro de 16 dias (online: só quando a previsão do tempo está ativada nas Configurações)</translation>
        </message>
        <message>
            <source>The European Central Bank publishes no rate for {code}, so it cannot be converted here. Use one of: {supported}.</source>
            <translation>O Banco Central Europeu não publica cotação para {code}, então não é possível convertê-la aqui. Use uma de: {supported}.</translation>
        </message>
        <message>
            <source>The origin and the destination are both {short}; set a different destination.</source>
            <translation>A origem e o destino são ambos {short}; defina um destino diferente.</translation>
        </message>
        <message>
            <source>There is no public-holiday data for {country_name} ({country}); choose a destination in another country or check its holidays elsewhere.</source>
            <translation>Não há dados de feriados para {country_name} ({country}); escolha um destino em outro país ou consulte os feriados em outro lugar.</translation>
        </message>
        <message>
            <source>The trip has no dates. Set its start and end dates.</source>
            <translation>A viagem não tem datas. Defina as datas de início e de término.</translation>
        </message>
        <message>
            <source>The trip has no stop {chosen}; its stops are numbered 1 to {count}.</source>
            <translation>A viagem não tem a parada {chosen}; suas paradas vão de 1 a {count}.</translation>
        </message>
        <message>
            <source>Give the moment with its UTC offset, e.g. 2026-05-14T09:30+01:00.</source>
            <translation>Informe o momento com o deslocamento UTC, por exemplo 2026-05-14T09:30+01:00.</translation>
        </message>
        <message>
            <source>The trip ended on {date}; a forecast covers only today and the next {value} days. Set the trip's dates to the coming days.</source>
            <translation>A viagem terminou em {date}; uma previsão cobre só hoje e os próximos {value} dias. Defina as datas da viagem para os próximos dias.</translation>
        </message>
        <message>
            <source>The trip starts on {date}, beyond the {horizon_days}-day forecast (it reaches {date2}). Try again from {date3}.</source>
            <translation>A viagem começa em {date}, além da previsão de {horizon_days} dias (que vai até {date2}). Tente novamente a partir de {date3}.</translation>
        </message>
        <message>
            <source>The answer from {source} has no daily forecast.</source>
            <translation>A resposta de {source} não tem previsão diária.</translation>
        </message>
        <message>
            <source>The answer from {source} has a bad date {stamp!r}.</source>
            <translation>A resposta de {source} tem uma data inválida {stamp!r}.</translation>
        </message>
        <message>
            <source>The answer from {source} lacks {date}{value}.</source>
            <translation>Falta na resposta de {source} o dia {date}{value}.</translation>
        </message>
        <message>
            <source>The address of {service} ({url!r}) is not an http(s) URL. Correct it in Settings.</source>
            <translation>O endereço de {service} ({url!r}) não é uma URL http(s). Corrija-o nas Configurações.</translation>
        </message>
        <message>
            <source>{cap} did not answer within {total_timeout:g} s. Try again later.</source>
            <translation>{cap} não respondeu em {total_timeout:g} s. Tente novamente mais tarde.</translation>
        </message>
        <message>
            <source>Could not connect to {where} within {connect_timeout:g} s. Check the internet connection and try again.</source>
            <translation>Não foi possível conectar a {where} em {connect_timeout:g} s. Verifique a conexão com a internet e tente novamente.</translation>
        </message>
        <message>
            <source>Could not reach {where} ({reason}). Check the internet connection (the app may be offline) and try again.</source>
            <translation>Não foi possível alcançar {where} ({reason}). Verifique a conexão com a internet (o app pode estar offline) e tente novamente.</translation>
        </message>
        <message>
            <source>{cap} answered {status_code}{server_reason}.</source>
            <translation>{cap} respondeu {status_code}{server_reason}.</translation>
        </message>
        <message>
            <source>{cap} answered with something that is not JSON.</source>
            <translation>{cap} respondeu com algo que não é JSON.</translation>
        </message>
        <message>
            <source>The {role} cannot be used: {error}</source>
            <translation>Não é possível usar {role}: {error}</translation>
        </message>
        <message>
            <source>The stop cannot be used: {error}</source>
            <translation>Não é possível usar a parada: {error}</translation>
        </message>
        <message>
            <source>The trip has no {label}. Set it (YYYY-MM-DD) and try again.</source>
            <translation>A viagem não tem {label}. Defina-a (AAAA-MM-DD) e tente novamente.</translation>
        </message>
        <message>
            <source>The {label} cannot be used: {error}</source>
            <translation>Não é possível usar {label}: {error}</translation>
        </message>
        <message>
            <source>The trip dates cannot be used: {error}</source>
            <translation>Não é possível usar as datas da viagem: {error}</translation>
        </message>
        <message>
            <source>The trip has no budget. Set a budget amount, e.g. 1800.</source>
            <translation>A viagem não tem orçamento. Defina um valor de orçamento, por exemplo 1800.</translation>
        </message>
        <message>
            <source>The amount {value!r} is not a number. Write it like 1800 or 1800.50.</source>
            <translation>O valor {value!r} não é um número. Escreva como 1800 ou 1800.50.</translation>
        </message>
        <message>
            <source>The amount {value!r} must be zero or more.</source>
            <translation>O valor {value!r} precisa ser zero ou mais.</translation>
        </message>
        <message>
            <source>{value!r} is not a date and time. Write it like 2026-05-14T09:30:00+01:00.</source>
            <translation>{value!r} não é uma data e hora. Escreva como 2026-05-14T09:30:00+01:00.</translation>
        </message>
        <message>
            <source>At least one lookup must be able to run.</source>
            <translation>Pelo menos uma consulta precisa poder ser executada.</translation>
        </message>
        <message>
            <source>Lookups are shutting down; start it again after restart.</source>
            <translation>As consultas estão sendo encerradas; inicie-a de novo depois de reiniciar.</translation>
        </message>
        <message>
            <source>There is no lookup kind {kind!r}. Choose one of: {join}.</source>
            <translation>Não existe o tipo de consulta {kind!r}. Escolha um de: {join}.</translation>
        </message>
        <message>
            <source>The {kind} lookup does not use {join}; it uses {join2}.</source>
            <translation>A consulta {kind} não usa {join}; ela usa {join2}.</translation>
        </message>
        <message>
            <source>The trip {trip_id} does not exist.</source>
            <translation>A viagem {trip_id} não existe.</translation>
        </message>
        <message>
            <source>There is no lookup {job_id}.</source>
            <translation>Não existe a consulta {job_id}.</translation>
        </message>
        <message>
            <source>The lookup {job_id} is still {value}.</source>
            <translation>A consulta {job_id} ainda está {value}.</translation>
        </message>
    </context>
    <context>
        <name>LookupDetails</name>
        <message>
            <source>Time zone</source>
            <translation>Fuso horário</translation>
        </message>
        <message>
            <source>Origin time zone</source>
            <translation>Fuso horário da origem</translation>
        </message>
        <message>
            <source>Destination time zone</source>
            <translation>Fuso horário do destino</translation>
        </message>
        <message>
            <source>At</source>
            <translation>Em</translation>
        </message>
        <message>
            <source>Local time at the origin</source>
            <translation>Hora local na origem</translation>
        </message>
        <message>
            <source>Local time at the destination</source>
            <translation>Hora local no destino</translation>
        </message>
        <message>
            <source>Destination's clocks</source>
            <translation>Relógios do destino</translation>
        </message>
        <message>
            <source>On the first day there</source>
            <translation>No primeiro dia lá</translation>
        </message>
        <message>
            <source>First day there</source>
            <translation>Primeiro dia lá</translation>
        </message>
        <message>
            <source>From</source>
            <translation>De</translation>
        </message>
        <message>
            <source>To</source>
            <translation>Para</translation>
        </message>
        <message>
            <source>Converted amount</source>
            <translation>Valor convertido</translation>
        </message>
        <message>
            <source>Country code</source>
            <translation>Código do país</translation>
        </message>
        <message>
            <source>Country</source>
            <translation>País</translation>
        </message>
        <message>
            <source>High</source>
            <translation>Máxima</translation>
        </message>
        <message>
            <source>Low</source>
            <translation>Mínima</translation>
        </message>
        <message>
            <source>Chance of rain</source>
            <translation>Chance de chuva</translation>
        </message>
        <message>
            <source>Distance</source>
            <translation>Distância</translation>
        </message>
        <message>
            <source>Estimated flight time</source>
            <translation>Tempo de voo estimado</translation>
        </message>
        <message>
            <source>Days without a forecast</source>
            <translation>Dias sem previsão</translation>
        </message>
        <message>
            <source>Amount</source>
            <translation>Valor</translation>
        </message>
        <message>
            <source>City</source>
            <translation>Cidade</translation>
        </message>
        <message>
            <source>Currency</source>
            <translation>Moeda</translation>
        </message>
        <message>
            <source>Daily</source>
            <translation>Por dia</translation>
        </message>
        <message>
            <source>Date</source>
            <translation>Data</translation>
        </message>
        <message>
            <source>Daylight</source>
            <translation>Luz do dia</translation>
        </message>
        <message>
            <source>Days</source>
            <translation>Dias</translation>
        </message>
        <message>
            <source>Destination</source>
            <translation>Destino</translation>
        </message>
        <message>
            <source>Destination airports</source>
            <translation>Aeroportos de destino</translation>
        </message>
        <message>
            <source>End date</source>
            <translation>Data de término</translation>
        </message>
        <message>
            <source>Formula</source>
            <translation>Fórmula</translation>
        </message>
        <message>
            <source>Holidays</source>
            <translation>Feriados</translation>
        </message>
        <message>
            <source>Kind</source>
            <translation>Tipo</translation>
        </message>
        <message>
            <source>Latitude</source>
            <translation>Latitude</translation>
        </message>
        <message>
            <source>Leg</source>
            <translation>Trecho</translation>
        </message>
        <message>
            <source>Longitude</source>
            <translation>Longitude</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>Nome</translation>
        </message>
        <message>
            <source>Origin</source>
            <translation>Origem</translation>
        </message>
        <message>
            <source>Origin airports</source>
            <translation>Aeroportos de origem</translation>
        </message>
        <message>
            <source>Place</source>
            <translation>Lugar</translation>
        </message>
        <message>
            <source>Rate</source>
            <translation>Taxa</translation>
        </message>
        <message>
            <source>Rate date</source>
            <translation>Data da taxa</translation>
        </message>
        <message>
            <source>Scope</source>
            <translation>Abrangência</translation>
        </message>
        <message>
            <source>Source</source>
            <translation>Fonte</translation>
        </message>
        <message>
            <source>Start date</source>
            <translation>Data de início</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>Parada</translation>
        </message>
        <message>
            <source>Stops</source>
            <translation>Paradas</translation>
        </message>
        <message>
            <source>Sunrise</source>
            <translation>Nascer do sol</translation>
        </message>
        <message>
            <source>Sunset</source>
            <translation>Pôr do sol</translation>
        </message>
        <message>
            <source>Times</source>
            <translation>Horários</translation>
        </message>
        <message>
            <source>Timezone</source>
            <translation>Fuso horário</translation>
        </message>
        <message>
            <source>Town</source>
            <translation>Cidade</translation>
        </message>
        <message>
            <source>Units</source>
            <translation>Unidades</translation>
        </message>
        <message>
            <source>Value</source>
            <translation>Valor</translation>
        </message>
        <message>
            <source>Weather</source>
            <translation>Tempo</translation>
        </message>
        <message>
            <source>Weather code</source>
            <translation>Código do tempo</translation>
        </message>
        <message>
            <source>the same time</source>
            <translation>a mesma hora</translation>
        </message>
        <message>
            <source>1 hour ahead</source>
            <translation>1 hora adiantado</translation>
        </message>
        <message>
            <source>{hours} hours ahead</source>
            <translation>{hours} horas adiantado</translation>
        </message>
        <message>
            <source>1 hour behind</source>
            <translation>1 hora atrasado</translation>
        </message>
        <message>
            <source>{hours} hours behind</source>
            <translation>{hours} horas atrasado</translation>
        </message>
        <message>
            <source>yes</source>
            <translation>sim</translation>
        </message>
        <message>
            <source>no</source>
            <translation>não</translation>
        </message>
        <message>
            <source>{moment} (your time)</source>
            <translation>{moment} (seu horário)</translation>
        </message>
        <message>
            <source>none</source>
            <translation>nenhum</translation>
        </message>
        <message>
            <source>Stop {number}</source>
            <translation>Parada {number}</translation>
        </message>
        <message>
            <source>{first} to {last}</source>
            <translation>{first} a {last}</translation>
        </message>
        <message>
            <source>from {day}</source>
            <translation>a partir de {day}</translation>
        </message>
        <message>
            <source>until {day}</source>
            <translation>até {day}</translation>
        </message>
        <message>
            <source>Stops skipped:</source>
            <translation>Paradas ignoradas:</translation>
        </message>
        <message>
            <source>failed</source>
            <translation>falhou</translation>
        </message>
        <message>
            <source>Looked up with:</source>
            <translation>Consultado com:</translation>
        </message>
        <message>
            <source>Lookup {id} · started {moment}</source>
            <translation>Consulta {id} · iniciada {moment}</translation>
        </message>
    </context>
    <context>
        <name>LookupJobs</name>
        <message>
            <source>Lookup</source>
            <translation>Consulta</translation>
        </message>
        <message>
            <source>Progress</source>
            <translation>Progresso</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>Situação</translation>
        </message>
        <message>
            <source>Queued</source>
            <translation>Na fila</translation>
        </message>
        <message>
            <source>Running</source>
            <translation>Em andamento</translation>
        </message>
        <message>
            <source>Succeeded</source>
            <translation>Concluída</translation>
        </message>
        <message>
            <source>Failed</source>
            <translation>Falhou</translation>
        </message>
        <message>
            <source>Cancelled</source>
            <translation>Cancelada</translation>
        </message>
        <message>
            <source>Interrupted</source>
            <translation>Interrompida</translation>
        </message>
    </context>
    <context>
        <name>LookupsPanel</name>
        <message>
            <source>Select a trip to see and start its lookups.</source>
            <translation>Selecione uma viagem para ver e iniciar as consultas dela.</translation>
        </message>
        <message>
            <source>Select a lookup to see its full result.</source>
            <translation>Selecione uma consulta para ver o resultado completo.</translation>
        </message>
        <message>
            <source>Lookups</source>
            <translation>Consultas</translation>
        </message>
        <message>
            <source>Lookup details</source>
            <translation>Detalhes da consulta</translation>
        </message>
        <message>
            <source>Look up</source>
            <translation>Consultar</translation>
        </message>
        <message>
            <source>Start a lookup for this trip</source>
            <translation>Iniciar uma consulta para esta viagem</translation>
        </message>
        <message>
            <source>{title} to</source>
            <translation>{title} para</translation>
        </message>
        <message>
            <source>Turn on online lookups in Settings…</source>
            <translation>Ativar consultas online nas Configurações…</translation>
        </message>
        <message>
            <source>Cancel lookup</source>
            <translation>Cancelar consulta</translation>
        </message>
        <message>
            <source>Retry lookup</source>
            <translation>Tentar consulta novamente</translation>
        </message>
        <message>
            <source>{title} (off in Settings)</source>
            <translation>{title} (desativada nas Configurações)</translation>
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
            <source>&amp;Trip</source>
            <translation>&amp;Viagem</translation>
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
            <source>&amp;User guide</source>
            <translation>&amp;Guia do usuário</translation>
        </message>
        <message>
            <source>&amp;Welcome…</source>
            <translation>&amp;Boas-vindas…</translation>
        </message>
        <message>
            <source>&amp;Connect another assistant…</source>
            <translation>&amp;Conectar outro assistente…</translation>
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
    </context>
    <context>
        <name>Marks</name>
        <message>
            <source>Changed by the assistant</source>
            <translation>Alterado pelo assistente</translation>
        </message>
        <message>
            <source>Added by the assistant</source>
            <translation>Adicionado pelo assistente</translation>
        </message>
        <message>
            <source>Set by the assistant, not confirmed</source>
            <translation>Definido pelo assistente, não confirmado</translation>
        </message>
        <message>
            <source>Changed by {program}</source>
            <translation>Alterado por {program}</translation>
        </message>
        <message>
            <source>Added by {program}</source>
            <translation>Adicionado por {program}</translation>
        </message>
        <message>
            <source>Changed on {device}</source>
            <translation>Alterado em {device}</translation>
        </message>
        <message>
            <source>Added on {device}</source>
            <translation>Adicionado em {device}</translation>
        </message>
    </context>
    <context>
        <name>MessageEdit</name>
        <message>
            <source>Message</source>
            <translation>Mensagem</translation>
        </message>
        <message>
            <source>Message the assistant (Ctrl+Enter to send)</source>
            <translation>Mensagem para o assistente (Ctrl+Enter para enviar)</translation>
        </message>
        <message>
            <source>Send the message</source>
            <translation>Enviar a mensagem</translation>
        </message>
    </context>
    <context>
        <name>ModelError</name>
        <message>
            <source>The model server's answer was cut off before it ended ({detail}). What had arrived is kept, and no tool the answer was asking for was run. Retry asks again.</source>
            <translation>A resposta do servidor do modelo foi interrompida antes do fim ({detail}). O que já havia chegado foi mantido, e nenhuma ferramenta pedida pela resposta foi executada. Tentar novamente pergunta outra vez.</translation>
        </message>
        <message>
            <source>The model server's answer was cut off before it ended. What had arrived is kept, and no tool the answer was asking for was run. Retry asks again.</source>
            <translation>A resposta do servidor do modelo foi interrompida antes do fim. O que já havia chegado foi mantido, e nenhuma ferramenta pedida pela resposta foi executada. Tentar novamente pergunta outra vez.</translation>
        </message>
        <message>
            <source>The model server at {where} timed out.</source>
            <translation>O servidor do modelo em {where} excedeu o tempo limite.</translation>
        </message>
        <message>
            <source>The model server at {where} did not answer within {time}.</source>
            <translation>O servidor do modelo em {where} não respondeu em {time}.</translation>
        </message>
        <message>
            <source>Cannot find the host {host!r}: check the base URL.</source>
            <translation>Não foi possível encontrar o host {host!r}: verifique a URL base.</translation>
        </message>
        <message>
            <source>Cannot reach the model server at {where}: {detail}. Check that it is running and the base URL is right.</source>
            <translation>Não foi possível acessar o servidor do modelo em {where}: {detail}. Verifique se ele está em execução e se a URL base está correta.</translation>
        </message>
        <message>
            <source>Cannot reach the model server at {where}. Check that it is running and the base URL is right.</source>
            <translation>Não foi possível acessar o servidor do modelo em {where}. Verifique se ele está em execução e se a URL base está correta.</translation>
        </message>
        <message>
            <source>The model server refused the API key ({status}): {detail}</source>
            <translation>O servidor do modelo recusou a chave de API ({status}): {detail}</translation>
        </message>
        <message>
            <source>The model server at {where} has no /models endpoint; type the model name.{hint}</source>
            <translation>O servidor do modelo em {where} não tem o endpoint /models; digite o nome do modelo.{hint}</translation>
        </message>
        <message>
            <source>Model '{model}' or the endpoint was not found at {where}: {detail}</source>
            <translation>O modelo '{model}' ou o endpoint não foi encontrado em {where}: {detail}</translation>
        </message>
        <message>
            <source>This model cannot read images; Retry sends your message with a line saying an image was attached instead, or choose a model that reads images in Settings. The model server answered 400: {detail}</source>
            <translation>Este modelo não lê imagens; Tentar novamente envia sua mensagem com uma linha dizendo que uma imagem foi anexada, ou escolha nas Configurações um modelo que leia imagens. O servidor do modelo respondeu 400: {detail}</translation>
        </message>
        <message>
            <source>The model server is rate limiting requests (429): {detail}</source>
            <translation>O servidor do modelo está limitando a taxa de solicitações (429): {detail}</translation>
        </message>
        <message>
            <source>The model server answered {status}: {detail}</source>
            <translation>O servidor do modelo respondeu {status}: {detail}</translation>
        </message>
        <message>
            <source>The model server's answer could not be read: {error}</source>
            <translation>Não foi possível ler a resposta do servidor do modelo: {error}</translation>
        </message>
        <message>
            <source>1 second</source>
            <translation>1 segundo</translation>
        </message>
        <message>
            <source>{value} seconds</source>
            <translation>{value} segundos</translation>
        </message>
        <message>
            <source> Most servers' base URL ends in /v1.</source>
            <translation> A URL base da maioria dos servidores termina em /v1.</translation>
        </message>
        <message>
            <source>The model server sent data that could not be read as an OpenAI answer: {error}</source>
            <translation>O servidor do modelo enviou dados que não puderam ser lidos como uma resposta OpenAI: {error}</translation>
        </message>
        <message>
            <source>nothing more came for {time}</source>
            <translation>nada mais chegou por {time}</translation>
        </message>
        <message>
            <source>the time allowed</source>
            <translation>o tempo permitido</translation>
        </message>
        <message>
            <source>The model server at {where} did not accept the connection within {time}. Check that it is running and the base URL is right.</source>
            <translation>O servidor do modelo em {where} não aceitou a conexão em {time}. Verifique se ele está em execução e se a URL base está correta.</translation>
        </message>
        <message>
            <source>The model server at {where} did not accept the connection. Check that it is running and the base URL is right.</source>
            <translation>O servidor do modelo em {where} não aceitou a conexão. Verifique se ele está em execução e se a URL base está correta.</translation>
        </message>
        <message>
            <source>The model server at {where} did not answer within {time}. It may be busy or stuck; Retry asks again.</source>
            <translation>O servidor do modelo em {where} não respondeu em {time}. Ele pode estar ocupado ou travado; Tentar novamente pergunta outra vez.</translation>
        </message>
    </context>
    <context>
        <name>ModelProfile</name>
        <message>
            <source>Needs an API key from platform.openai.com.</source>
            <translation>Precisa de uma chave de API de platform.openai.com.</translation>
        </message>
        <message>
            <source>No real key needed. Pull a tool-capable model first (ollama pull llama3.1).</source>
            <translation>Não precisa de chave de verdade. Baixe antes um modelo que use ferramentas (ollama pull llama3.1).</translation>
        </message>
        <message>
            <source>Install it from ollama.com, then: ollama pull llama3.1</source>
            <translation>Instale-o a partir de ollama.com e depois: ollama pull llama3.1</translation>
        </message>
        <message>
            <source>No key by default. Start the server in LM Studio's Developer tab and load a model.</source>
            <translation>Sem chave por padrão. Inicie o servidor na aba Developer do LM Studio e carregue um modelo.</translation>
        </message>
        <message>
            <source>In LM Studio's Developer tab, load a model and start the server.</source>
            <translation>Na aba Developer do LM Studio, carregue um modelo e inicie o servidor.</translation>
        </message>
        <message>
            <source>Tools need a tool-capable chat template: start llama-server with --jinja.</source>
            <translation>As ferramentas precisam de um modelo de chat que as aceite: inicie o llama-server com --jinja.</translation>
        </message>
        <message>
            <source>llama-server --jinja -m your-model.gguf</source>
            <translation>llama-server --jinja -m seu-modelo.gguf</translation>
        </message>
        <message>
            <source>Tools need --enable-auto-tool-choice --tool-call-parser …; without them vLLM answers 400.</source>
            <translation>As ferramentas precisam de --enable-auto-tool-choice --tool-call-parser …; sem eles o vLLM responde 400.</translation>
        </message>
        <message>
            <source>vllm serve your-model --enable-auto-tool-choice --tool-call-parser hermes</source>
            <translation>vllm serve seu-modelo --enable-auto-tool-choice --tool-call-parser hermes</translation>
        </message>
        <message>
            <source>Start the Local API Server in Jan's settings; enter the key it shows, if any.</source>
            <translation>Inicie o Local API Server nas configurações do Jan; informe a chave que ele mostrar, se houver.</translation>
        </message>
        <message>
            <source>In Jan's settings, start the Local API Server (port 1337).</source>
            <translation>Nas configurações do Jan, inicie o Local API Server (porta 1337).</translation>
        </message>
        <message>
            <source>No key by default. Install a model with tool support from its gallery.</source>
            <translation>Sem chave por padrão. Instale um modelo com suporte a ferramentas a partir da galeria.</translation>
        </message>
        <message>
            <source>local-ai run your-model</source>
            <translation>local-ai run seu-modelo</translation>
        </message>
        <message>
            <source>Custom</source>
            <translation>Personalizado</translation>
        </message>
        <message>
            <source>Any server that speaks OpenAI Chat Completions; its base URL usually ends in /v1.</source>
            <translation>Qualquer servidor que fale OpenAI Chat Completions; a URL base costuma terminar em /v1.</translation>
        </message>
        <message>
            <source>Enter the model server's base URL.</source>
            <translation>Informe a URL base do servidor de modelos.</translation>
        </message>
        <message>
            <source>The base URL must start with http:// or https:// (for example {example}).</source>
            <translation>A URL base precisa começar com http:// ou https:// (por exemplo, {example}).</translation>
        </message>
        <message>
            <source>{problem} Open Settings to connect a model.</source>
            <translation>{problem} Abra as Configurações para conectar um modelo.</translation>
        </message>
        <message>
            <source>Choose a model in Settings.</source>
            <translation>Escolha um modelo em Configurações.</translation>
        </message>
        <message>
            <source>{server} needs an API key: enter it in Settings or set {variable}.</source>
            <translation>{server} precisa de uma chave de API: informe-a em Configurações ou defina {variable}.</translation>
        </message>
    </context>
    <context>
        <name>ModelServer</name>
        <message>
            <source>{url} answered, but not with a list of models.{hint}</source>
            <translation>{url} respondeu, mas não com uma lista de modelos.{hint}</translation>
        </message>
        <message>
            <source>{server} needs an API key.</source>
            <translation>{server} precisa de uma chave de API.</translation>
        </message>
        <message>
            <source>1 model</source>
            <translation>1 modelo</translation>
        </message>
        <message>
            <source>{n} models</source>
            <translation>{n} modelos</translation>
        </message>
        <message>
            <source>Connected, but the server lists no models. Load or pull one, then try again.</source>
            <translation>Conectado, mas o servidor não lista nenhum modelo. Carregue ou baixe um e tente novamente.</translation>
        </message>
        <message>
            <source>Connected. {count} available; choose one.</source>
            <translation>Conectado. {count} disponíveis; escolha um.</translation>
        </message>
        <message>
            <source>Connected. {count} available; {model} is one of them.</source>
            <translation>Conectado. {count} disponíveis; {model} é um deles.</translation>
        </message>
        <message>
            <source>Connected, but {model} is not among the {count} the server lists. Check the name, or use Refresh models to pick one.</source>
            <translation>Conectado, mas {model} não está entre os {count} que o servidor lista. Confira o nome ou use Atualizar modelos para escolher um.</translation>
        </message>
        <message>
            <source>Can edit your trip</source>
            <translation>Pode editar a sua viagem</translation>
        </message>
        <message>
            <source>Can talk, but did not use the app's tools: it cannot change your trip</source>
            <translation>Pode conversar, mas não usou as ferramentas do app: não pode alterar a sua viagem</translation>
        </message>
        <message>
            <source>Paste the API key {server} gave you.</source>
            <translation>Cole a chave de API que a {server} lhe deu.</translation>
        </message>
        <message>
            <source>{server} does not accept this API key: it is wrong, revoked, or belongs to another server. Copy it again from {server}'s site.</source>
            <translation>A {server} não aceita esta chave de API: ela está errada, foi revogada ou é de outro servidor. Copie-a de novo do site da {server}.</translation>
        </message>
    </context>
    <context>
        <name>Month</name>
        <message>
            <source>Jan</source>
            <translation>jan</translation>
        </message>
        <message>
            <source>Feb</source>
            <translation>fev</translation>
        </message>
        <message>
            <source>Mar</source>
            <translation>mar</translation>
        </message>
        <message>
            <source>Apr</source>
            <translation>abr</translation>
        </message>
        <message>
            <source>May</source>
            <translation>mai</translation>
        </message>
        <message>
            <source>Jun</source>
            <translation>jun</translation>
        </message>
        <message>
            <source>Jul</source>
            <translation>jul</translation>
        </message>
        <message>
            <source>Aug</source>
            <translation>ago</translation>
        </message>
        <message>
            <source>Sep</source>
            <translation>set</translation>
        </message>
        <message>
            <source>Oct</source>
            <translation>out</translation>
        </message>
        <message>
            <source>Nov</source>
            <translation>nov</translation>
        </message>
        <message>
            <source>Dec</source>
            <translation>dez</translation>
        </message>
    </context>
    <context>
        <name>Pace</name>
        <message>
            <source>Relaxed</source>
            <translation>Tranquilo</translation>
        </message>
        <message>
            <source>Balanced</source>
            <translation>Equilibrado</translation>
        </message>
        <message>
            <source>Packed</source>
            <translation>Intenso</translation>
        </message>
    </context>
    <context>
        <name>PermissionPrompt</name>
        <message>
            <source>Permission request</source>
            <translation>Pedido de permissão</translation>
        </message>
        <message>
            <source>Question</source>
            <translation>Pergunta</translation>
        </message>
        <message>
            <source>Allow</source>
            <translation>Permitir</translation>
        </message>
        <message>
            <source>Deny</source>
            <translation>Negar</translation>
        </message>
    </context>
    <context>
        <name>PinsList</name>
        <message>
            <source>All trips</source>
            <translation>Todas as viagens</translation>
        </message>
        <message>
            <source>This trip</source>
            <translation>Esta viagem</translation>
        </message>
        <message>
            <source>Pinned</source>
            <translation>Fixado</translation>
        </message>
        <message>
            <source>Constraint</source>
            <translation>Restrição</translation>
        </message>
        <message>
            <source>Applies to</source>
            <translation>Vale para</translation>
        </message>
        <message>
            <source>text</source>
            <translation>texto</translation>
        </message>
        <message>
            <source>constraint</source>
            <translation>restrição</translation>
        </message>
        <message>
            <source>{constraint} (proposed)</source>
            <translation>{constraint} (proposta)</translation>
        </message>
        <message>
            <source>Applies to all trips</source>
            <translation>Vale para todas as viagens</translation>
        </message>
        <message>
            <source>Applies to this trip</source>
            <translation>Vale para esta viagem</translation>
        </message>
        <message>
            <source>{scope}. Constraint {rule}, proposed by the assistant: checked once you confirm it (Ctrl+Shift+K).</source>
            <translation>{scope}. Restrição {rule}, proposta pelo assistente: verificada quando você a confirmar (Ctrl+Shift+K).</translation>
        </message>
        <message>
            <source>{scope}. Constraint {rule}, checked against the plan.</source>
            <translation>{scope}. Restrição {rule}, verificada em relação ao plano.</translation>
        </message>
    </context>
    <context>
        <name>PinsPanel</name>
        <message>
            <source>Select a trip first: text is pinned to the selected trip.</source>
            <translation>Selecione uma viagem primeiro: o texto é fixado na viagem selecionada.</translation>
        </message>
        <message>
            <source>Pinned</source>
            <translation>Fixados</translation>
        </message>
        <message>
            <source>New pin</source>
            <translation>Novo fixado</translation>
        </message>
        <message>
            <source>e.g. No red-eye flights</source>
            <translation>ex.: Sem voos noturnos</translation>
        </message>
        <message>
            <source>Select a trip to see what is pinned for it.</source>
            <translation>Selecione uma viagem para ver o que está fixado nela.</translation>
        </message>
        <message>
            <source>Nothing pinned yet. Pin what the assistant should always keep in mind, e.g. “vegetarian” or “no red-eye flights”, or select text in the chat and choose Pin selected text.</source>
            <translation>Nada fixado ainda. Fixe o que o assistente deve sempre ter em mente, ex.: “vegetariano” ou “sem voos noturnos”, ou selecione um texto na conversa e escolha Fixar texto selecionado.</translation>
        </message>
        <message>
            <source>Edit</source>
            <translation>Editar</translation>
        </message>
        <message>
            <source>Applies to</source>
            <translation>Vale para</translation>
        </message>
        <message>
            <source>Pin for this trip only, or for every trip</source>
            <translation>Fixar só para esta viagem, ou para todas as viagens</translation>
        </message>
        <message>
            <source>Constraint…</source>
            <translation>Restrição…</translation>
        </message>
        <message>
            <source>Confirm constraint</source>
            <translation>Confirmar restrição</translation>
        </message>
        <message>
            <source>Unpinned “{text}”.</source>
            <translation>“{text}” desafixado.</translation>
        </message>
    </context>
    <context>
        <name>Problem</name>
        <message>
            <source>1 amount could not be converted and is left out.</source>
            <translation>1 valor não pôde ser convertido e ficou de fora.</translation>
        </message>
        <message>
            <source>{count} amounts could not be converted and are left out.</source>
            <translation>{count} valores não puderam ser convertidos e ficaram de fora.</translation>
        </message>
        <message>
            <source>1 amount in another currency waits for the exchange rates and is not counted yet.</source>
            <translation>1 valor em outra moeda aguarda as taxas de câmbio e ainda não foi contado.</translation>
        </message>
        <message>
            <source>{count} amounts in other currencies wait for the exchange rates and are not counted yet.</source>
            <translation>{count} valores em outras moedas aguardam as taxas de câmbio e ainda não foram contados.</translation>
        </message>
        <message>
            <source>Planned and spent come to {total}, {over} over the budget of {budget}; largest: {listed}.</source>
            <translation>O planejado e o gasto somam {total}, {over} acima do orçamento de {budget}; maiores: {listed}.</translation>
        </message>
        <message>
            <source>the pin {text}</source>
            <translation>o fixado {text}</translation>
        </message>
        <message>
            <source>the brief’s dietary needs</source>
            <translation>as restrições alimentares do briefing</translation>
        </message>
        <message>
            <source>the brief’s accessibility needs</source>
            <translation>as necessidades de acessibilidade do briefing</translation>
        </message>
        <message>
            <source>the brief’s things to avoid</source>
            <translation>as coisas a evitar do briefing</translation>
        </message>
        <message>
            <source>the assistant’s unconfirmed answer to {source}</source>
            <translation>a resposta não confirmada do assistente sobre {source}</translation>
        </message>
        <message>
            <source>The person has not confirmed this answer in the brief yet; it counts once they look at it or mark it seen.</source>
            <translation>A pessoa ainda não confirmou esta resposta no briefing; ela vale quando for vista ou marcada como vista.</translation>
        </message>
        <message>
            <source>between {start} and {end}</source>
            <translation>entre {start} e {end}</translation>
        </message>
        <message>
            <source>{item} has no departure time, so it is not known whether it leaves {window}, which {source} rules out.</source>
            <translation>{item} não tem hora de partida, então não se sabe se parte {window}, o que {source} não permite.</translation>
        </message>
        <message>
            <source>{item} departs at {time} on {day}, {window}, which {source} rules out.</source>
            <translation>{item} parte às {time} em {day}, {window}, o que {source} não permite.</translation>
        </message>
        <message>
            <source>The plan has 1 flight; {source} allows {allows}.</source>
            <translation>O plano tem 1 voo; {source} permite {allows}.</translation>
        </message>
        <message>
            <source>The plan has {count} flights; {source} allows {allows}.</source>
            <translation>O plano tem {count} voos; {source} permite {allows}.</translation>
        </message>
        <message>
            <source>none</source>
            <translation>nenhum</translation>
        </message>
        <message>
            <source>at most {count}</source>
            <translation>no máximo {count}</translation>
        </message>
        <message>
            <source>{item} has no end or duration, so its time is not counted against the {hours} hours of transit a day {source} allows.</source>
            <translation>{item} não tem término nem duração, então seu tempo não é contado nas {hours} horas de deslocamento por dia que {source} permite.</translation>
        </message>
        <message>
            <source>{day} has {length} of transit, more than the {hours} hours a day {source} allows.</source>
            <translation>{day} tem {length} de deslocamento, mais que as {hours} horas por dia que {source} permite.</translation>
        </message>
        <message>
            <source>{item} mentions “{word}”, which {source} says to avoid.</source>
            <translation>{item} menciona “{word}”, que {source} pede para evitar.</translation>
        </message>
        <message>
            <source>{item} mentions “{word}”, which may not suit {diet} ({source}).</source>
            <translation>{item} menciona “{word}”, que pode não servir para {diet} ({source}).</translation>
        </message>
        <message>
            <source>Nothing says {item} suits {diets} ({source}); check the menu.</source>
            <translation>Nada indica que {item} serve para {diets} ({source}); confira o cardápio.</translation>
        </message>
        <message>
            <source>{item} mentions “{word}”, but {source} asks for step-free access.</source>
            <translation>{item} menciona “{word}”, mas {source} pede acesso sem degraus.</translation>
        </message>
        <message>
            <source>Nothing says {item} is step-free ({source}); check before booking.</source>
            <translation>Nada indica que {item} tem acesso sem degraus ({source}); confira antes de reservar.</translation>
        </message>
        <message>
            <source>{item} on {day} is before the trip starts ({start} to {end}).</source>
            <translation>{item} em {day} é antes do início da viagem ({start} a {end}).</translation>
        </message>
        <message>
            <source>{item} on {day} is after the trip ends ({start} to {end}).</source>
            <translation>{item} em {day} é depois do fim da viagem ({start} a {end}).</translation>
        </message>
        <message>
            <source>{item} is in {place} on {day}, but the route is there {span}.</source>
            <translation>{item} é em {place} em {day}, mas a rota passa por lá {span}.</translation>
        </message>
        <message>
            <source>{names} and {count} more</source>
            <translation>{names} e mais {count}</translation>
        </message>
        <message>
            <source>{day} is {holiday}, a public holiday in {country}: {names} may be closed or keep holiday hours.</source>
            <translation>{day} é {holiday}, feriado em {country}: {names} pode estar fechado ou em horário de feriado.</translation>
        </message>
        <message>
            <source>No lodging for {nights}.</source>
            <translation>Sem hospedagem para {nights}.</translation>
        </message>
        <message>
            <source>{names} are both booked for {nights}.</source>
            <translation>{names} estão ambos reservados para {nights}.</translation>
        </message>
        <message>
            <source>the night of {day}</source>
            <translation>a noite de {day}</translation>
        </message>
        <message>
            <source>{count} nights, {first} to {last}</source>
            <translation>{count} noites, de {first} a {last}</translation>
        </message>
        <message>
            <source>{first} and {second}</source>
            <translation>{first} e {second}</translation>
        </message>
        <message>
            <source>{minutes} min</source>
            <translation>{minutes} min</translation>
        </message>
        <message>
            <source>their start</source>
            <translation>o início</translation>
        </message>
        <message>
            <source>{first} overlaps {second} by {length} on {day}.</source>
            <translation>{first} se sobrepõe a {second} em {length} em {day}.</translation>
        </message>
        <message>
            <source>{first} {first_span}, {second} {second_span}.</source>
            <translation>{first} {first_span}, {second} {second_span}.</translation>
        </message>
        <message>
            <source>{count} activities (at most {most})</source>
            <translation>{count} atividades (no máximo {most})</translation>
        </message>
        <message>
            <source>{length} of plans (at most {most} h)</source>
            <translation>{length} de programação (no máximo {most} h)</translation>
        </message>
        <message>
            <source>{day} is a travel day: a {journey} journey leaves little time for {plans} of other plans.</source>
            <translation>{day} é um dia de viagem: um trajeto de {journey} deixa pouco tempo para {plans} de outros planos.</translation>
        </message>
        <message>
            <source>{day} has {too_much}, more than a relaxed pace allows.</source>
            <translation>{day} tem {too_much}, mais do que um ritmo tranquilo permite.</translation>
        </message>
        <message>
            <source>{day} has {too_much}, more than a balanced pace allows.</source>
            <translation>{day} tem {too_much}, mais do que um ritmo equilibrado permite.</translation>
        </message>
        <message>
            <source>{day} has {too_much}, more than a packed pace allows.</source>
            <translation>{day} tem {too_much}, mais do que um ritmo intenso permite.</translation>
        </message>
        <message>
            <source>{message} (an estimate)</source>
            <translation>{message} (uma estimativa)</translation>
        </message>
        <message>
            <source>{sentence} {detail}</source>
            <translation>{sentence} {detail}</translation>
        </message>
        <message>
            <source>on foot</source>
            <translation>a pé</translation>
        </message>
        <message>
            <source>by road or fast train</source>
            <translation>por estrada ou trem rápido</translation>
        </message>
        <message>
            <source>by air</source>
            <translation>de avião</translation>
        </message>
        <message>
            <source>Only {gap} from {first} ({origin}, ends {ends}) to {second} ({destination}, {start}) on {day}: {km:,.0f} km in a straight line, at least {needed} {mode} (an estimate).</source>
            <translation>Só {gap} entre {first} ({origin}, termina às {ends}) e {second} ({destination}, {start}) em {day}: {km:.0f} km em linha reta, pelo menos {needed} {mode} (uma estimativa).</translation>
        </message>
        <message>
            <source>{day} {month}</source>
            <translation>{day} {month}</translation>
        </message>
        <message>
            <source>from {start}</source>
            <translation>a partir das {start}</translation>
        </message>
        <message>
            <source>{start}-{end} {end_day}</source>
            <translation>{start}-{end} {end_day}</translation>
        </message>
        <message>
            <source>The departure of {item} at {time} is read in {zone}, but {place} is in {place_zone}: set its zone.</source>
            <translation>A partida de {item} às {time} é lida em {zone}, mas {place} fica em {place_zone}: defina o fuso horário.</translation>
        </message>
        <message>
            <source>The departure of {item} at {time} is read in {zone}, but {place} is in {place_zone}: set its end zone.</source>
            <translation>A partida de {item} às {time} é lida em {zone}, mas {place} fica em {place_zone}: defina o fuso horário de término.</translation>
        </message>
        <message>
            <source>The arrival of {item} at {time} is read in {zone}, but {place} is in {place_zone}: set its zone.</source>
            <translation>A chegada de {item} às {time} é lida em {zone}, mas {place} fica em {place_zone}: defina o fuso horário.</translation>
        </message>
        <message>
            <source>The arrival of {item} at {time} is read in {zone}, but {place} is in {place_zone}: set its end zone.</source>
            <translation>A chegada de {item} às {time} é lida em {zone}, mas {place} fica em {place_zone}: defina o fuso horário de término.</translation>
        </message>
        <message>
            <source>{item} arrives at {arrival} local time in {place} ({place_zone}), before it leaves at {departure}; its arrival is read in {zone}: set the end zone, and the end day if it lands the next day.</source>
            <translation>{item} chega às {arrival}, hora local, em {place} ({place_zone}), antes de partir às {departure}; a chegada é lida em {zone}: defina o fuso horário de término, e o dia de término se pousar no dia seguinte.</translation>
        </message>
        <message>
            <source>{item} covers {km:,.0f} km from {origin} to {destination} in {minutes} min, {speed:,.0f} km/h: check its times and zones.</source>
            <translation>{item} percorre {km:.0f} km de {origin} a {destination} em {minutes} min, {speed:.0f} km/h: confira os horários e os fusos.</translation>
        </message>
    </context>
    <context>
        <name>Problems</name>
        <message>
            <source>Error</source>
            <translation>Erro</translation>
        </message>
        <message>
            <source>Warning</source>
            <translation>Aviso</translation>
        </message>
        <message>
            <source>Note</source>
            <translation>Nota</translation>
        </message>
        <message>
            <source>No problems</source>
            <translation>Nenhum problema</translation>
        </message>
        <message>
            <source>1 problem</source>
            <translation>1 problema</translation>
        </message>
        <message>
            <source>{count} problems</source>
            <translation>{count} problemas</translation>
        </message>
        <message>
            <source>Problem</source>
            <translation>Problema</translation>
        </message>
        <message>
            <source>Day</source>
            <translation>Dia</translation>
        </message>
        <message>
            <source>Whole trip</source>
            <translation>Viagem inteira</translation>
        </message>
        <message>
            <source>1 error</source>
            <translation>1 erro</translation>
        </message>
        <message>
            <source>{count} errors</source>
            <translation>{count} erros</translation>
        </message>
        <message>
            <source>1 warning</source>
            <translation>1 aviso</translation>
        </message>
        <message>
            <source>{count} warnings</source>
            <translation>{count} avisos</translation>
        </message>
        <message>
            <source>1 note</source>
            <translation>1 nota</translation>
        </message>
        <message>
            <source>{count} notes</source>
            <translation>{count} notas</translation>
        </message>
        <message>
            <source>Problems</source>
            <translation>Problemas</translation>
        </message>
        <message>
            <source>Select a trip to see the problems in its plan.</source>
            <translation>Selecione uma viagem para ver os problemas do plano dela.</translation>
        </message>
        <message>
            <source>No problems found in this plan.</source>
            <translation>Nenhum problema encontrado neste plano.</translation>
        </message>
        <message>
            <source>Checking the plan…</source>
            <translation>Verificando o plano…</translation>
        </message>
        <message>
            <source>Enter goes to a problem; F8 and Shift+F8 to the next and the previous.</source>
            <translation>Enter vai para um problema; F8 e Shift+F8 para o próximo e o anterior.</translation>
        </message>
    </context>
    <context>
        <name>ProposalsPanel</name>
        <message>
            <source>Proposed by {program}</source>
            <translation>Proposto por {program}</translation>
        </message>
        <message>
            <source>Accepted {accepted}, rejected {rejected} of the assistant’s proposed changes.</source>
            <translation>Aceitas {accepted}, rejeitadas {rejected} das alterações propostas pelo assistente.</translation>
        </message>
        <message>
            <source>Not applied, as the trip changed since: {reasons}.</source>
            <translation>Não aplicadas, pois a viagem mudou desde então: {reasons}.</translation>
        </message>
        <message>
            <source>Ctrl+Z undoes the accepted ones.</source>
            <translation>Ctrl+Z desfaz as aceitas.</translation>
        </message>
        <message>
            <source>Proposed changes</source>
            <translation>Alterações propostas</translation>
        </message>
        <message>
            <source>Accept ticked</source>
            <translation>Aceitar marcadas</translation>
        </message>
        <message>
            <source>Accept all</source>
            <translation>Aceitar todas</translation>
        </message>
        <message>
            <source>Reject all</source>
            <translation>Rejeitar todas</translation>
        </message>
        <message>
            <source>The assistant proposes 1 change, not made yet.</source>
            <translation>O assistente propõe 1 alteração, ainda não feita.</translation>
        </message>
        <message>
            <source>The assistant proposes {count} changes, not made yet.</source>
            <translation>O assistente propõe {count} alterações, ainda não feitas.</translation>
        </message>
        <message>
            <source>Space ticks or unticks one; Enter accepts the ticked ones and rejects the rest.</source>
            <translation>Espaço marca ou desmarca uma; Enter aceita as marcadas e rejeita as demais.</translation>
        </message>
        <message>
            <source>The proposals were left as they were: {error}</source>
            <translation>As propostas ficaram como estavam: {error}</translation>
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
    </context>
    <context>
        <name>SampleTrip</name>
        <message>
            <source>Sample: a week in Portugal</source>
            <translation>Exemplo: uma semana em Portugal</translation>
        </message>
        <message>
            <source>A sample trip to look around in: change anything, ask the assistant about it, or delete it from the trip list. Undo takes it away in one step.</source>
            <translation>Uma viagem de exemplo para explorar: mude o que quiser, pergunte ao assistente sobre ela ou exclua-a da lista de viagens. Desfazer a remove de uma só vez.</translation>
        </message>
    </context>
    <context>
        <name>SeenBar</name>
        <message>
            <source>The assistant changed {fields} and added {titles}.</source>
            <translation>O assistente alterou {fields} e adicionou {titles}.</translation>
        </message>
        <message>
            <source>The assistant changed {fields}.</source>
            <translation>O assistente alterou {fields}.</translation>
        </message>
        <message>
            <source>The assistant added {titles}.</source>
            <translation>O assistente adicionou {titles}.</translation>
        </message>
        <message>
            <source>{program} changed {fields} and added {titles}.</source>
            <translation>{program} alterou {fields} e adicionou {titles}.</translation>
        </message>
        <message>
            <source>{program} changed {fields}.</source>
            <translation>{program} alterou {fields}.</translation>
        </message>
        <message>
            <source>{program} added {titles}.</source>
            <translation>{program} adicionou {titles}.</translation>
        </message>
        <message>
            <source>Assistant changes</source>
            <translation>Alterações do assistente</translation>
        </message>
        <message>
            <source>Mark as seen</source>
            <translation>Marcar como visto</translation>
        </message>
        <message>
            <source>Clear the marks on the fields the assistant changed</source>
            <translation>Limpar as marcas nos campos que o assistente alterou</translation>
        </message>
    </context>
    <context>
        <name>SentContext</name>
        <message>
            <source>Runtime context sent (changes only)</source>
            <translation>Contexto de execução enviado (só as mudanças)</translation>
        </message>
        <message>
            <source>no change since #{number}, nothing new</source>
            <translation>nenhuma mudança desde o nº {number}, nada novo</translation>
        </message>
        <message>
            <source>full snapshot #{number}</source>
            <translation>retrato completo nº {number}</translation>
        </message>
        <message>
            <source>update #{number}</source>
            <translation>atualização nº {number}</translation>
        </message>
        <message>
            <source>Iteration {iteration} · {what} · 1 runtime message sent in all, about {tokens} tokens</source>
            <translation>Iteração {iteration} · {what} · 1 mensagem de execução enviada ao todo, cerca de {tokens} tokens</translation>
        </message>
        <message>
            <source>Iteration {iteration} · {what} · {kept} runtime messages sent in all, about {tokens} tokens</source>
            <translation>Iteração {iteration} · {what} · {kept} mensagens de execução enviadas ao todo, cerca de {tokens} tokens</translation>
        </message>
        <message>
            <source>What was sent of the runtime context</source>
            <translation>O que foi enviado do contexto de execução</translation>
        </message>
        <message>
            <source>Runtime context sent</source>
            <translation>Contexto de execução enviado</translation>
        </message>
        <message>
            <source>(The state had not changed: the runtime messages sent before went again, from the cache.)</source>
            <translation>(O estado não tinha mudado: as mensagens de execução enviadas antes foram de novo, a partir do cache.)</translation>
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
            <source>The key the model server asks for, kept in the keyring under its base URL.</source>
            <translation>A chave que o servidor de modelos pede, guardada no chaveiro com o URL base dele.</translation>
        </message>
        <message>
            <source>The longest answer the assistant may write in one model call, in tokens (sent to the server as its output cap, and kept free of the context budget). An answer cut there says so in the chat.</source>
            <translation>A resposta mais longa que o assistente pode escrever numa chamada ao modelo, em tokens (enviada ao servidor como limite de saída e mantida livre no orçamento de contexto). Uma resposta cortada ali diz isso no chat.</translation>
        </message>
        <message>
            <source>Whether the model called the app's tool in the last connection test; kept with the profile and untested again once the server or the model changes.</source>
            <translation>Se o modelo chamou a ferramenta do app no último teste de conexão; guardado com o perfil e de novo não testado quando o servidor ou o modelo muda.</translation>
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
            <source>Other assistants connected through MCP (`concierge mcp`) whose tool calls are refused from now on, by the names their changes are marked with, separated by commas.</source>
            <translation>Outros assistentes conectados por MCP (`concierge mcp`) cujas chamadas de ferramentas são recusadas de agora em diante, pelos nomes com que suas alterações são marcadas, separados por vírgulas.</translation>
        </message>
        <message>
            <source>The language the window is shown in ("pt_BR"), or empty for the system's language; read at start-up.</source>
            <translation>O idioma em que a janela é mostrada ("pt_BR"), ou vazio para o idioma do sistema; lido ao iniciar.</translation>
        </message>
        <message>
            <source>Where you live: the origin a new trip starts with, where it starts and ends.</source>
            <translation>Onde você mora: a origem com que uma nova viagem começa, onde ela começa e termina.</translation>
        </message>
        <message>
            <source>The currency a new trip's budget is kept in (a three-letter code, such as EUR).</source>
            <translation>A moeda do orçamento de uma nova viagem (um código de três letras, como BRL).</translation>
        </message>
        <message>
            <source>Whether the welcome was shown (it opens once; Help ▸ Welcome opens it again).</source>
            <translation>Se as boas-vindas já foram mostradas (abrem uma vez; Ajuda ▸ Boas-vindas as abre de novo).</translation>
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
            <source>The trips shared with other devices, synced while open.</source>
            <translation>As viagens compartilhadas com outros dispositivos, sincronizadas enquanto o app está aberto.</translation>
        </message>
        <message>
            <source>This device's id among a shared trip's devices, made when it first shares or joins (its updates' folder in a shared folder).</source>
            <translation>O identificador deste dispositivo entre os de uma viagem compartilhada, criado quando ele compartilha ou entra pela primeira vez (a pasta das suas atualizações numa pasta compartilhada).</translation>
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
            <source>Online lookups</source>
            <translation>Consultas on-line</translation>
        </message>
        <message>
            <source>Weather forecasts (Open-Meteo)</source>
            <translation>Previsões do tempo (Open-Meteo)</translation>
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
            <source>Use</source>
            <translation>Usar</translation>
        </message>
        <message>
            <source>About this server</source>
            <translation>Sobre este servidor</translation>
        </message>
        <message>
            <source>Clear</source>
            <translation>Limpar</translation>
        </message>
        <message>
            <source>Clear the key: the default is used</source>
            <translation>Limpar a tecla: a padrão é usada</translation>
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
            <source>&amp;Revoked assistants</source>
            <translation>Assistentes &amp;revogados</translation>
        </message>
        <message>
            <source>none; e.g. claude-ai, cursor</source>
            <translation>nenhum; p. ex. claude-ai, cursor</translation>
        </message>
        <message>
            <source>&amp;Language</source>
            <translation>&amp;Idioma</translation>
        </message>
        <message>
            <source>&amp;Home</source>
            <translation>&amp;Casa</translation>
        </message>
        <message>
            <source>A town or airport, such as Lisbon</source>
            <translation>Uma cidade ou aeroporto, como Lisboa</translation>
        </message>
        <message>
            <source>Home currency</source>
            <translation>Moeda de casa</translation>
        </message>
        <message>
            <source>Home curr&amp;ency</source>
            <translation>Moeda de ca&amp;sa</translation>
        </message>
        <message>
            <source>A three-letter code, such as EUR</source>
            <translation>Um código de três letras, como BRL</translation>
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
            <source>{answer} Asking the model to use a tool…</source>
            <translation>{answer} Pedindo ao modelo que use uma ferramenta…</translation>
        </message>
        <message>
            <source>The settings were not saved: {error}</source>
            <translation>As configurações não foram salvas: {error}</translation>
        </message>
        <message>
            <source>Settings saved. {where}</source>
            <translation>Configurações salvas. {where}</translation>
        </message>
    </context>
    <context>
        <name>Sharing</name>
        <message>
            <source>&amp;Share this trip…</source>
            <translation>&amp;Compartilhar esta viagem…</translation>
        </message>
        <message>
            <source>&amp;Join a shared trip…</source>
            <translation>&amp;Entrar numa viagem compartilhada…</translation>
        </message>
        <message>
            <source>&amp;Removed on another device…</source>
            <translation>&amp;Removido em outro dispositivo…</translation>
        </message>
        <message>
            <source>The trip has not arrived yet: it will once the folder syncs.</source>
            <translation>A viagem ainda não chegou: ela chega assim que a pasta sincronizar.</translation>
        </message>
        <message>
            <source>Joined “{title}”.</source>
            <translation>Você entrou em “{title}”.</translation>
        </message>
        <message>
            <source>The system keyring did not keep the passphrase, so this trip syncs only until Concierge quits; keep the invite code to join again.</source>
            <translation>O chaveiro do sistema não guardou a frase-senha, então esta viagem só sincroniza até o Concierge fechar; guarde o código de convite para entrar de novo.</translation>
        </message>
        <message>
            <source>A folder your sync app keeps (Syncthing, Nextcloud, Dropbox…)</source>
            <translation>Uma pasta que seu app de sincronização mantém (Syncthing, Nextcloud, Dropbox…)</translation>
        </message>
        <message>
            <source>&amp;Browse…</source>
            <translation>P&amp;rocurar…</translation>
        </message>
        <message>
            <source>Join a shared trip</source>
            <translation>Entrar numa viagem compartilhada</translation>
        </message>
        <message>
            <source>Paste the invite code a companion sent you, and choose where the folder you share with them is on this computer.</source>
            <translation>Cole o código de convite que um companheiro de viagem enviou e escolha onde está, neste computador, a pasta que vocês compartilham.</translation>
        </message>
        <message>
            <source>Invite code</source>
            <translation>Código de convite</translation>
        </message>
        <message>
            <source>Shared folder</source>
            <translation>Pasta compartilhada</translation>
        </message>
        <message>
            <source>This device's name</source>
            <translation>Nome deste dispositivo</translation>
        </message>
        <message>
            <source>Ben's phone</source>
            <translation>Celular do Ben</translation>
        </message>
        <message>
            <source>Invite &amp;code:</source>
            <translation>&amp;Código de convite:</translation>
        </message>
        <message>
            <source>&amp;Folder:</source>
            <translation>&amp;Pasta:</translation>
        </message>
        <message>
            <source>&amp;This device:</source>
            <translation>&amp;Este dispositivo:</translation>
        </message>
        <message>
            <source>&amp;Join</source>
            <translation>E&amp;ntrar</translation>
        </message>
        <message>
            <source>a trip</source>
            <translation>uma viagem</translation>
        </message>
        <message>
            <source>An invite to “{title}”, through {server}.</source>
            <translation>Um convite para “{title}”, por {server}.</translation>
        </message>
        <message>
            <source>An invite to “{title}”, through a shared folder.</source>
            <translation>Um convite para “{title}”, por uma pasta compartilhada.</translation>
        </message>
        <message>
            <source>Choose the shared folder on this computer.</source>
            <translation>Escolha a pasta compartilhada neste computador.</translation>
        </message>
        <message>
            <source>Name this device for your companions.</source>
            <translation>Dê um nome a este dispositivo para seus companheiros de viagem.</translation>
        </message>
        <message>
            <source>Joining…</source>
            <translation>Entrando…</translation>
        </message>
        <message>
            <source>Removed on another device</source>
            <translation>Removido em outro dispositivo</translation>
        </message>
        <message>
            <source>Nothing was removed on another device.</source>
            <translation>Nada foi removido em outro dispositivo.</translation>
        </message>
        <message>
            <source>&amp;Restore</source>
            <translation>&amp;Restaurar</translation>
        </message>
        <message>
            <source>Share “{title}”</source>
            <translation>Compartilhar “{title}”</translation>
        </message>
        <message>
            <source>Choose an empty folder inside a folder you already sync with your companions (Syncthing, Nextcloud, Dropbox…). Each device writes its changes there, encrypted with the passphrase, and reads the others'. Or type the address of a sync server (wss://…, started with concierge sync-server) and its secret: changes then show as they are made.</source>
            <translation>Escolha uma pasta vazia dentro de uma pasta que você já sincroniza com seus companheiros (Syncthing, Nextcloud, Dropbox…). Cada dispositivo grava nela as suas alterações, criptografadas com a frase secreta, e lê as dos outros. Ou digite o endereço de um servidor de sincronização (wss://…, iniciado com concierge sync-server) e o segredo dele: as alterações aparecem assim que são feitas.</translation>
        </message>
        <message>
            <source>Passphrase</source>
            <translation>Frase-senha</translation>
        </message>
        <message>
            <source>Ana's laptop</source>
            <translation>Notebook da Ana</translation>
        </message>
        <message>
            <source>&amp;Passphrase:</source>
            <translation>Frase-&amp;senha:</translation>
        </message>
        <message>
            <source>Send this invite code to your companions, in a message only they read: it holds the passphrase. They choose Trip ▸ Join a shared trip… and paste it.</source>
            <translation>Envie este código de convite aos seus companheiros de viagem, numa mensagem que só eles leem: ele contém a frase-senha. Eles escolhem Viagem ▸ Entrar numa viagem compartilhada… e o colam.</translation>
        </message>
        <message>
            <source>&amp;Copy</source>
            <translation>&amp;Copiar</translation>
        </message>
        <message>
            <source>&amp;Share</source>
            <translation>Compartil&amp;har</translation>
        </message>
        <message>
            <source>Server's &amp;secret:</source>
            <translation>&amp;Segredo do servidor:</translation>
        </message>
        <message>
            <source>The sync server's secret</source>
            <translation>O segredo do servidor de sincronização</translation>
        </message>
        <message>
            <source>What concierge sync-server printed when it started</source>
            <translation>O que o concierge sync-server mostrou ao iniciar</translation>
        </message>
        <message>
            <source>Type the secret the sync server printed.</source>
            <translation>Digite o segredo que o servidor de sincronização mostrou.</translation>
        </message>
        <message>
            <source>Choose a folder on this computer.</source>
            <translation>Escolha uma pasta neste computador.</translation>
        </message>
        <message>
            <source>Use a passphrase of at least {count} characters.</source>
            <translation>Use uma frase-senha de pelo menos {count} caracteres.</translation>
        </message>
        <message>
            <source>Done</source>
            <translation>Concluído</translation>
        </message>
        <message>
            <source>Copied</source>
            <translation>Copiado</translation>
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
        <name>SnapshotView</name>
        <message>
            <source>No runtime snapshot yet: it appears when the assistant next calls the model.</source>
            <translation>Nenhum retrato do estado atual ainda: ele aparece quando o assistente chamar o modelo da próxima vez.</translation>
        </message>
        <message>
            <source>(No provider contributed anything, so no runtime context was sent.)</source>
            <translation>(Nenhum provedor contribuiu com nada, então nenhum contexto de execução foi enviado.)</translation>
        </message>
        <message>
            <source> (empty)</source>
            <translation> (vazio)</translation>
        </message>
        <message>
            <source>{name} {ms} ms</source>
            <translation>{name} {ms} ms</translation>
        </message>
        <message>
            <source>Iteration {iteration} · resolved in {ms} ms</source>
            <translation>Iteração {iteration} · resolvido em {ms} ms</translation>
        </message>
        <message>
            <source>no providers</source>
            <translation>nenhum provedor</translation>
        </message>
        <message>
            <source>Snapshot size: {size} tokens (estimated)</source>
            <translation>Tamanho do retrato: {size} tokens (estimado)</translation>
        </message>
        <message>
            <source>Snapshot timings</source>
            <translation>Tempos do retrato</translation>
        </message>
        <message>
            <source>Snapshot size</source>
            <translation>Tamanho do retrato</translation>
        </message>
        <message>
            <source>Runtime snapshot</source>
            <translation>Retrato do estado atual</translation>
        </message>
    </context>
    <context>
        <name>SpendingChart</name>
        <message>
            <source>Spending by category and by day</source>
            <translation>Gastos por categoria e por dia</translation>
        </message>
        <message>
            <source>Nothing spent yet.</source>
            <translation>Nada gasto ainda.</translation>
        </message>
        <message>
            <source>By category: {categories}. By day: {days}.</source>
            <translation>Por categoria: {categories}. Por dia: {days}.</translation>
        </message>
        <message>
            <source>Nothing spent yet</source>
            <translation>Nada gasto ainda</translation>
        </message>
        <message>
            <source>Most in a day: {amount}</source>
            <translation>Máximo em um dia: {amount}</translation>
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
        <name>StepDetails</name>
        <message>
            <source>It has since been undone.</source>
            <translation>Desde então, foi desfeito.</translation>
        </message>
        <message>
            <source>This step changed nothing in the trip.</source>
            <translation>Este passo não mudou nada na viagem.</translation>
        </message>
        <message>
            <source>What this step changed</source>
            <translation>O que este passo mudou</translation>
        </message>
    </context>
    <context>
        <name>StopsEditor</name>
        <message>
            <source>Stop locked: the assistant cannot change it</source>
            <translation>Parada bloqueada: o assistente não pode alterá-la</translation>
        </message>
        <message>
            <source>City or airport, e.g. Kyoto or KIX</source>
            <translation>Cidade ou aeroporto, p. ex. Kyoto ou KIX</translation>
        </message>
        <message>
            <source>Arrival date</source>
            <translation>Data de chegada</translation>
        </message>
        <message>
            <source>Departure date</source>
            <translation>Data de partida</translation>
        </message>
        <message>
            <source>Stop {number} place</source>
            <translation>Local da parada {number}</translation>
        </message>
        <message>
            <source>Stop {number} arrival date</source>
            <translation>Data de chegada da parada {number}</translation>
        </message>
        <message>
            <source>Stop {number} departure date</source>
            <translation>Data de partida da parada {number}</translation>
        </message>
        <message>
            <source>Remove stop {number} (Ctrl+Delete)</source>
            <translation>Remover a parada {number} (Ctrl+Delete)</translation>
        </message>
        <message>
            <source>Remove stop {number}</source>
            <translation>Remover a parada {number}</translation>
        </message>
        <message>
            <source>Stops</source>
            <translation>Paradas</translation>
        </message>
        <message>
            <source>Add stop</source>
            <translation>Adicionar parada</translation>
        </message>
        <message>
            <source>Add stop (Ctrl+Shift+N or Insert)</source>
            <translation>Adicionar parada (Ctrl+Shift+N ou Insert)</translation>
        </message>
        <message>
            <source>Remove stop</source>
            <translation>Remover parada</translation>
        </message>
        <message>
            <source>Move stop up</source>
            <translation>Mover parada para cima</translation>
        </message>
        <message>
            <source>Move stop down</source>
            <translation>Mover parada para baixo</translation>
        </message>
        <message>
            <source>No stops yet: add the places of the route with Add stop.</source>
            <translation>Nenhuma parada ainda: adicione os locais da rota com Adicionar parada.</translation>
        </message>
        <message>
            <source>stop {number} “{place}”</source>
            <translation>parada {number} “{place}”</translation>
        </message>
        <message>
            <source>Stop {number} arrival date: {reason}</source>
            <translation>Data de chegada da parada {number}: {reason}</translation>
        </message>
        <message>
            <source>Stop {number} departure date: {reason}</source>
            <translation>Data de partida da parada {number}: {reason}</translation>
        </message>
    </context>
    <context>
        <name>StoreError</name>
        <message>
            <source>“{stored_name}” is not the name of a stored document.</source>
            <translation>“{stored_name}” não é o nome de um documento guardado.</translation>
        </message>
        <message>
            <source>“{name}” is a folder; attach the files in it one by one.</source>
            <translation>“{name}” é uma pasta; anexe os arquivos dela um por um.</translation>
        </message>
        <message>
            <source>“{name}” does not exist (moved or deleted?).</source>
            <translation>“{name}” não existe (movido ou apagado?).</translation>
        </message>
        <message>
            <source>“{name}” cannot be read: {strerror}.</source>
            <translation>Não é possível ler “{name}”: {strerror}.</translation>
        </message>
        <message>
            <source>“{name}” is not a regular file.</source>
            <translation>“{name}” não é um arquivo comum.</translation>
        </message>
        <message>
            <source>“{name}” is {size_text}; a document can be at most {size_text2}.</source>
            <translation>“{name}” tem {size_text}; um documento pode ter no máximo {size_text2}.</translation>
        </message>
        <message>
            <source>“{name}” grew past {size_text} while it was being copied.</source>
            <translation>“{name}” passou de {size_text} enquanto era copiado.</translation>
        </message>
        <message>
            <source>“{source}” could not be copied: {strerror}.</source>
            <translation>Não foi possível copiar “{source}”: {strerror}.</translation>
        </message>
        <message>
            <source>The trip to attach the document to is gone.</source>
            <translation>A viagem à qual o documento seria anexado não existe mais.</translation>
        </message>
        <message>
            <source>The itinerary item to attach the document to is gone.</source>
            <translation>O item do roteiro ao qual o documento seria anexado não existe mais.</translation>
        </message>
        <message>
            <source>Cannot open the database {path}: {reason}</source>
            <translation>Não é possível abrir o banco de dados {path}: {reason}</translation>
        </message>
        <message>
            <source>The database {path} is closed.</source>
            <translation>O banco de dados {path} está fechado.</translation>
        </message>
        <message>
            <source>The database {path} is busy: another program (another Concierge window, or the concierge command) kept it locked for more than {waited:.0f} s. Nothing was saved; try again.</source>
            <translation>O banco de dados {path} está ocupado: outro programa (outra janela do Concierge, ou o comando concierge) o manteve bloqueado por mais de {waited:.0f} s. Nada foi salvo; tente novamente.</translation>
        </message>
        <message>
            <source>This conversation is being answered in another Concierge window. Wait for that answer, or continue there.</source>
            <translation>Esta conversa está sendo respondida em outra janela do Concierge. Aguarde essa resposta, ou continue por lá.</translation>
        </message>
        <message>
            <source>The database {path} is damaged; SQLite found: {problem}. Nothing was saved, and Concierge will write nothing more into it: quit and start it again to be offered a good backup.</source>
            <translation>O banco de dados {path} está danificado; o SQLite encontrou: {problem}. Nada foi salvo, e o Concierge não gravará mais nada nele: feche e abra-o de novo para receber a oferta de um backup íntegro.</translation>
        </message>
        <message>
            <source>The database {path} is damaged; SQLite's check found: {problem}. Concierge has not changed the file and will not write into it.</source>
            <translation>O banco de dados {path} está danificado; a verificação do SQLite encontrou: {problem}. O Concierge não alterou o arquivo e não gravará nele.</translation>
        </message>
        <message>
            <source>{damage} A good backup is at {backup}.</source>
            <translation>{damage} Há um backup íntegro em {backup}.</translation>
        </message>
        <message>
            <source>Cannot upgrade the database {path}: {reason}</source>
            <translation>Não é possível atualizar o banco de dados {path}: {reason}</translation>
        </message>
        <message>
            <source>{failure} A copy made before the upgrade is at {backup}.</source>
            <translation>{failure} Uma cópia feita antes da atualização está em {backup}.</translation>
        </message>
        <message>
            <source>The {entity} {id} does not exist.</source>
            <translation>{entity} {id} não existe.</translation>
        </message>
        <message>
            <source>The answer to {field!r} is nested too deeply.</source>
            <translation>A resposta para {field!r} tem aninhamento profundo demais.</translation>
        </message>
        <message>
            <source>The answer to {field!r} must be a JSON value ({error}).</source>
            <translation>A resposta para {field!r} precisa ser um valor JSON ({error}).</translation>
        </message>
        <message>
            <source>{label} is missing.</source>
            <translation>{label} está faltando.</translation>
        </message>
        <message>
            <source>{label} is needed for a new item.</source>
            <translation>{label} é obrigatório para um novo item.</translation>
        </message>
        <message>
            <source>{label} is needed for a new expense.</source>
            <translation>{label} é obrigatório para uma nova despesa.</translation>
        </message>
        <message>
            <source>This trip has no itinerary item {item_id!r}.</source>
            <translation>Esta viagem não tem o item do roteiro {item_id!r}.</translation>
        </message>
        <message>
            <source>Only the person can lock or unlock.</source>
            <translation>Só a pessoa pode bloquear ou desbloquear.</translation>
        </message>
        <message>
            <source>“{field}” is not a field that can be locked.</source>
            <translation>“{field}” não é um campo que possa ser bloqueado.</translation>
        </message>
        <message>
            <source>A day lock needs its trip.</source>
            <translation>O bloqueio de um dia precisa da sua viagem.</translation>
        </message>
        <message>
            <source>“{target}” is not a day (YYYY-MM-DD).</source>
            <translation>“{target}” não é um dia (AAAA-MM-DD).</translation>
        </message>
        <message>
            <source>Only the person can confirm a constraint; yours stays proposed until they confirm it in the Pinned panel.</source>
            <translation>Só a pessoa pode confirmar uma restrição; a sua fica proposta até que ela a confirme no painel Fixados.</translation>
        </message>
        <message>
            <source>The pin “{short}” has no constraint to confirm.</source>
            <translation>O fixado “{short}” não tem restrição a confirmar.</translation>
        </message>
        <message>
            <source>The pin “{short}” is a constraint the person confirmed ({rule}); only they can {verb} it. Propose a new pin instead, or ask them.</source>
            <translation>O fixado “{short}” é uma restrição que a pessoa confirmou ({rule}); só ela pode {verb}. Proponha um novo fixado, ou pergunte a ela.</translation>
        </message>
        <message>
            <source>“{label}” cannot be redone: the {entity} it changed was changed without going through Concierge's change log. Nothing was redone.</source>
            <translation>“{label}” não pode ser refeito: o registro ({entity}) que alterou foi mudado fora do histórico de alterações do Concierge. Nada foi refeito.</translation>
        </message>
        <message>
            <source>“{label}” cannot be undone: what it changed was changed since on {device}. Nothing was undone.</source>
            <translation>Não é possível desfazer “{label}”: o que foi alterado mudou depois em {device}. Nada foi desfeito.</translation>
        </message>
        <message>
            <source>“{label}” cannot be undone: the {entity} it changed was changed without going through Concierge's change log. Nothing was undone.</source>
            <translation>“{label}” não pode ser desfeito: o registro ({entity}) que alterou foi mudado fora do histórico de alterações do Concierge. Nada foi desfeito.</translation>
        </message>
    </context>
    <context>
        <name>Sync</name>
        <message>
            <source>The shared folder {folder} is missing: is its drive connected?</source>
            <translation>A pasta compartilhada {folder} não está lá: o disco dela está conectado?</translation>
        </message>
        <message>
            <source>Waiting for the shared trip to arrive in {folder}: is your sync app (Syncthing, Nextcloud, Dropbox…) running?</source>
            <translation>Esperando a viagem compartilhada chegar em {folder}: seu app de sincronização (Syncthing, Nextcloud, Dropbox…) está rodando?</translation>
        </message>
        <message>
            <source>The passphrase does not open this shared trip: ask for the invite again.</source>
            <translation>A frase-senha não abre esta viagem compartilhada: peça o convite de novo.</translation>
        </message>
        <message>
            <source>This device no longer has the trip's passphrase (the keyring did not keep it): join again with the invite.</source>
            <translation>Este dispositivo não tem mais a frase-senha da viagem (o chaveiro não a guardou): entre de novo com o convite.</translation>
        </message>
        <message>
            <source>Waiting for the sync server {location}: is it running, and is this device online?</source>
            <translation>Aguardando o servidor de sincronização {location}: ele está em execução, e este dispositivo está on-line?</translation>
        </message>
        <message>
            <source>The sync server will not take this device: {reason}</source>
            <translation>O servidor de sincronização não aceita este dispositivo: {reason}</translation>
        </message>
        <message>
            <source>Sync stopped: {error}</source>
            <translation>A sincronização parou: {error}</translation>
        </message>
        <message>
            <source>The folder {folder} already holds a shared trip: choose an empty folder.</source>
            <translation>A pasta {folder} já contém uma viagem compartilhada: escolha uma pasta vazia.</translation>
        </message>
        <message>
            <source>Syncing…</source>
            <translation>Sincronizando…</translation>
        </message>
        <message>
            <source>Synced just now</source>
            <translation>Sincronizado agora mesmo</translation>
        </message>
        <message>
            <source>Synced {seconds} s ago</source>
            <translation>Sincronizado há {seconds} s</translation>
        </message>
        <message>
            <source>Synced {minutes} min ago</source>
            <translation>Sincronizado há {minutes} min</translation>
        </message>
        <message>
            <source>a companion's changes are still arriving</source>
            <translation>alterações de um companheiro de viagem ainda estão chegando</translation>
        </message>
        <message>
            <source>Sync</source>
            <translation>Sincronização</translation>
        </message>
    </context>
    <context>
        <name>Task</name>
        <message>
            <source>accept edited record</source>
            <translation>aceitar o registro editado</translation>
        </message>
        <message>
            <source>accept imported records</source>
            <translation>aceitar os registros importados</translation>
        </message>
        <message>
            <source>add stop</source>
            <translation>adicionar a parada</translation>
        </message>
        <message>
            <source>attach document</source>
            <translation>anexar o documento</translation>
        </message>
        <message>
            <source>attach documents</source>
            <translation>anexar os documentos</translation>
        </message>
        <message>
            <source>attach file</source>
            <translation>anexar o arquivo</translation>
        </message>
        <message>
            <source>cancel lookup</source>
            <translation>cancelar a consulta</translation>
        </message>
        <message>
            <source>chat turn</source>
            <translation>concluir a vez da conversa</translation>
        </message>
        <message>
            <source>clear old answers</source>
            <translation>limpar as respostas antigas</translation>
        </message>
        <message>
            <source>close model client</source>
            <translation>fechar a conexão com o modelo</translation>
        </message>
        <message>
            <source>close settings</source>
            <translation>fechar as configurações</translation>
        </message>
        <message>
            <source>confirm expense</source>
            <translation>confirmar a despesa</translation>
        </message>
        <message>
            <source>confirm item</source>
            <translation>confirmar o item</translation>
        </message>
        <message>
            <source>confirm item details</source>
            <translation>confirmar os detalhes do item</translation>
        </message>
        <message>
            <source>create trip</source>
            <translation>criar a viagem</translation>
        </message>
        <message>
            <source>decide on proposals</source>
            <translation>decidir sobre as propostas</translation>
        </message>
        <message>
            <source>delete trip</source>
            <translation>excluir a viagem</translation>
        </message>
        <message>
            <source>duplicate trip</source>
            <translation>duplicar a viagem</translation>
        </message>
        <message>
            <source>import files</source>
            <translation>importar os arquivos</translation>
        </message>
        <message>
            <source>list documents to attach</source>
            <translation>listar os documentos para anexar</translation>
        </message>
        <message>
            <source>list held-back values</source>
            <translation>listar os valores retidos</translation>
        </message>
        <message>
            <source>load conversation</source>
            <translation>carregar a conversa</translation>
        </message>
        <message>
            <source>load documents</source>
            <translation>carregar os documentos</translation>
        </message>
        <message>
            <source>load places</source>
            <translation>carregar os lugares</translation>
        </message>
        <message>
            <source>load trips</source>
            <translation>carregar as viagens</translation>
        </message>
        <message>
            <source>lock</source>
            <translation>bloquear</translation>
        </message>
        <message>
            <source>lock field</source>
            <translation>bloquear o campo</translation>
        </message>
        <message>
            <source>lock item field</source>
            <translation>bloquear o campo do item</translation>
        </message>
        <message>
            <source>lock stop</source>
            <translation>bloquear a parada</translation>
        </message>
        <message>
            <source>mark added items seen</source>
            <translation>marcar os itens adicionados como vistos</translation>
        </message>
        <message>
            <source>mark expense seen</source>
            <translation>marcar a despesa como vista</translation>
        </message>
        <message>
            <source>mark items seen</source>
            <translation>marcar os itens como vistos</translation>
        </message>
        <message>
            <source>mark seen</source>
            <translation>marcar como visto</translation>
        </message>
        <message>
            <source>mark stop seen</source>
            <translation>marcar a parada como vista</translation>
        </message>
        <message>
            <source>mark stops seen</source>
            <translation>marcar as paradas como vistas</translation>
        </message>
        <message>
            <source>move item</source>
            <translation>mover o item</translation>
        </message>
        <message>
            <source>move stop</source>
            <translation>mover a parada</translation>
        </message>
        <message>
            <source>move trip</source>
            <translation>mover a viagem</translation>
        </message>
        <message>
            <source>offer lookups</source>
            <translation>oferecer consultas</translation>
        </message>
        <message>
            <source>open settings</source>
            <translation>abrir as configurações</translation>
        </message>
        <message>
            <source>pin text</source>
            <translation>fixar o texto</translation>
        </message>
        <message>
            <source>read API key</source>
            <translation>ler a chave de API</translation>
        </message>
        <message>
            <source>read a CSV file's columns</source>
            <translation>ler as colunas de um arquivo CSV</translation>
        </message>
        <message>
            <source>read the context window</source>
            <translation>ler a janela de contexto</translation>
        </message>
        <message>
            <source>read the other settings</source>
            <translation>ler as outras configurações</translation>
        </message>
        <message>
            <source>redo</source>
            <translation>refazer</translation>
        </message>
        <message>
            <source>refresh models</source>
            <translation>atualizar os modelos</translation>
        </message>
        <message>
            <source>refresh undo</source>
            <translation>atualizar o desfazer</translation>
        </message>
        <message>
            <source>reject imported records</source>
            <translation>rejeitar os registros importados</translation>
        </message>
        <message>
            <source>remember trip</source>
            <translation>lembrar a viagem</translation>
        </message>
        <message>
            <source>remove document</source>
            <translation>remover o documento</translation>
        </message>
        <message>
            <source>remove expense</source>
            <translation>remover a despesa</translation>
        </message>
        <message>
            <source>remove items</source>
            <translation>remover os itens</translation>
        </message>
        <message>
            <source>remove stop</source>
            <translation>remover a parada</translation>
        </message>
        <message>
            <source>rename trip</source>
            <translation>renomear a viagem</translation>
        </message>
        <message>
            <source>retry lookup</source>
            <translation>tentar novamente a consulta</translation>
        </message>
        <message>
            <source>save expense</source>
            <translation>salvar a despesa</translation>
        </message>
        <message>
            <source>save item</source>
            <translation>salvar o item</translation>
        </message>
        <message>
            <source>save settings</source>
            <translation>salvar as configurações</translation>
        </message>
        <message>
            <source>save stop</source>
            <translation>salvar a parada</translation>
        </message>
        <message>
            <source>share a held-back value</source>
            <translation>compartilhar um valor retido</translation>
        </message>
        <message>
            <source>test connection</source>
            <translation>testar a conexão</translation>
        </message>
        <message>
            <source>undo</source>
            <translation>desfazer</translation>
        </message>
        <message>
            <source>undo delete trip</source>
            <translation>desfazer a exclusão da viagem</translation>
        </message>
        <message>
            <source>undo document removal</source>
            <translation>desfazer a remoção do documento</translation>
        </message>
        <message>
            <source>undo remove expense</source>
            <translation>desfazer a remoção da despesa</translation>
        </message>
        <message>
            <source>undo remove items</source>
            <translation>desfazer a remoção dos itens</translation>
        </message>
        <message>
            <source>Could not {task}: {error}</source>
            <translation>Não foi possível {task}: {error}</translation>
        </message>
    </context>
    <context>
        <name>Transcript</name>
        <message>
            <source>Earlier messages were summarized for the assistant.</source>
            <translation>As mensagens anteriores foram resumidas para o assistente.</translation>
        </message>
        <message>
            <source>Open to see what this step changed</source>
            <translation>Abra para ver o que este passo mudou</translation>
        </message>
        <message>
            <source>You</source>
            <translation>Você</translation>
        </message>
        <message>
            <source>Assistant</source>
            <translation>Assistente</translation>
        </message>
        <message>
            <source>Stopped.</source>
            <translation>Parado.</translation>
        </message>
        <message>
            <source>image</source>
            <translation>imagem</translation>
        </message>
        <message>
            <source>document</source>
            <translation>documento</translation>
        </message>
        <message>
            <source>video</source>
            <translation>vídeo</translation>
        </message>
        <message>
            <source>done</source>
            <translation>concluído</translation>
        </message>
        <message>
            <source>stopped</source>
            <translation>parado</translation>
        </message>
        <message>
            <source>failed</source>
            <translation>falhou</translation>
        </message>
        <message>
            <source>error: {message}</source>
            <translation>erro: {message}</translation>
        </message>
        <message>
            <source>Cut short: the answer reached the longest answer allowed ({tokens} tokens). Raise “{setting}” in Settings for longer answers.</source>
            <translation>Interrompida: a resposta atingiu o tamanho máximo permitido ({tokens} tokens). Aumente “{setting}” nas Configurações para respostas mais longas.</translation>
        </message>
        <message>
            <source>Cut short: the answer reached the longest answer allowed. Raise “{setting}” in Settings for longer answers.</source>
            <translation>Interrompida: a resposta atingiu o tamanho máximo permitido. Aumente “{setting}” nas Configurações para respostas mais longas.</translation>
        </message>
        <message>
            <source>Cut off: the answer did not arrive whole.</source>
            <translation>Cortada: a resposta não chegou inteira.</translation>
        </message>
    </context>
    <context>
        <name>TranscriptView</name>
        <message>
            <source>Conversation</source>
            <translation>Conversa</translation>
        </message>
    </context>
    <context>
        <name>TripBrief</name>
        <message>
            <source>Trip brief</source>
            <translation>Briefing da viagem</translation>
        </message>
        <message>
            <source>Who is travelling</source>
            <translation>Quem viaja</translation>
        </message>
        <message>
            <source>Travelling as</source>
            <translation>Viajando como</translation>
        </message>
        <message>
            <source>Alone, as a couple, a family, friends or a larger group.</source>
            <translation>Sozinho, em casal, em família, com amigos ou em um grupo maior.</translation>
        </message>
        <message>
            <source>Ages</source>
            <translation>Idades</translation>
        </message>
        <message>
            <source>One age per traveller, in years; 0 for a baby.</source>
            <translation>Uma idade por viajante, em anos; 0 para um bebê.</translation>
        </message>
        <message>
            <source>Needs</source>
            <translation>Necessidades</translation>
        </message>
        <message>
            <source>Children's needs</source>
            <translation>Necessidades das crianças</translation>
        </message>
        <message>
            <source>Cots, car seats, a pushchair, children's menus, early nights…</source>
            <translation>Berços, cadeirinhas de carro, carrinho de bebê, cardápio infantil, dormir cedo…</translation>
        </message>
        <message>
            <source>Accessibility needs</source>
            <translation>Necessidades de acessibilidade</translation>
        </message>
        <message>
            <source>Step-free access, a wheelchair, limited walking, sight or hearing; write 'none' if there are none.</source>
            <translation>Acesso sem degraus, cadeira de rodas, mobilidade reduzida, visão ou audição; escreva 'nenhuma' se não houver.</translation>
        </message>
        <message>
            <source>Dietary needs</source>
            <translation>Restrições alimentares</translation>
        </message>
        <message>
            <source>Choose all that apply, or 'none'.</source>
            <translation>Escolha todas as que se aplicam, ou 'Nenhuma'.</translation>
        </message>
        <message>
            <source>Other dietary notes</source>
            <translation>Outras notas sobre alimentação</translation>
        </message>
        <message>
            <source>Allergies and anything the choices do not cover.</source>
            <translation>Alergias e tudo o que as opções não cobrem.</translation>
        </message>
        <message>
            <source>Stay</source>
            <translation>Estadia</translation>
        </message>
        <message>
            <source>Accommodation style</source>
            <translation>Tipo de hospedagem</translation>
        </message>
        <message>
            <source>Where you would like to sleep most nights.</source>
            <translation>Onde você gostaria de dormir na maioria das noites.</translation>
        </message>
        <message>
            <source>Wishes</source>
            <translation>Desejos</translation>
        </message>
        <message>
            <source>Must-sees</source>
            <translation>Imperdíveis</translation>
        </message>
        <message>
            <source>Places, sights or experiences the trip must include.</source>
            <translation>Lugares, atrações ou experiências que a viagem precisa incluir.</translation>
        </message>
        <message>
            <source>Things to avoid</source>
            <translation>Coisas a evitar</translation>
        </message>
        <message>
            <source>Anything to stay away from: crowds, long drives, early starts…</source>
            <translation>Tudo o que se deve evitar: multidões, longas viagens de carro, sair muito cedo…</translation>
        </message>
        <message>
            <source>Solo</source>
            <translation>Sozinho</translation>
        </message>
        <message>
            <source>Couple</source>
            <translation>Casal</translation>
        </message>
        <message>
            <source>Family</source>
            <translation>Família</translation>
        </message>
        <message>
            <source>Friends</source>
            <translation>Amigos</translation>
        </message>
        <message>
            <source>Group</source>
            <translation>Grupo</translation>
        </message>
        <message>
            <source>None</source>
            <translation>Nenhuma</translation>
        </message>
        <message>
            <source>Vegetarian</source>
            <translation>Vegetariana</translation>
        </message>
        <message>
            <source>Vegan</source>
            <translation>Vegana</translation>
        </message>
        <message>
            <source>Pescatarian</source>
            <translation>Pescetariana</translation>
        </message>
        <message>
            <source>Halal</source>
            <translation>Halal</translation>
        </message>
        <message>
            <source>Kosher</source>
            <translation>Kosher</translation>
        </message>
        <message>
            <source>Gluten-free</source>
            <translation>Sem glúten</translation>
        </message>
        <message>
            <source>Lactose-free</source>
            <translation>Sem lactose</translation>
        </message>
        <message>
            <source>Nut allergy</source>
            <translation>Alergia a nozes</translation>
        </message>
        <message>
            <source>Hotel</source>
            <translation>Hotel</translation>
        </message>
        <message>
            <source>Apartment</source>
            <translation>Apartamento</translation>
        </message>
        <message>
            <source>Hostel</source>
            <translation>Albergue</translation>
        </message>
        <message>
            <source>Guesthouse</source>
            <translation>Pousada</translation>
        </message>
        <message>
            <source>Camping</source>
            <translation>Camping</translation>
        </message>
        <message>
            <source>Luxury</source>
            <translation>Luxo</translation>
        </message>
        <message>
            <source>No preference</source>
            <translation>Sem preferência</translation>
        </message>
    </context>
    <context>
        <name>TripFields</name>
        <message>
            <source>Budget must be an amount such as 1234.50.</source>
            <translation>O orçamento deve ser um valor como 1234,50.</translation>
        </message>
        <message>
            <source>empty</source>
            <translation>vazio</translation>
        </message>
        <message>
            <source>not set</source>
            <translation>não definido</translation>
        </message>
        <message>
            <source>Relaxed</source>
            <translation>Tranquilo</translation>
        </message>
        <message>
            <source>Balanced</source>
            <translation>Equilibrado</translation>
        </message>
        <message>
            <source>Packed</source>
            <translation>Intenso</translation>
        </message>
        <message>
            <source>City or airport code, e.g. Lisbon or LIS</source>
            <translation>Cidade ou código de aeroporto, p. ex. Lisboa ou LIS</translation>
        </message>
        <message>
            <source>Home: where the trip starts and ends</source>
            <translation>Casa: onde a viagem começa e termina</translation>
        </message>
        <message>
            <source>Amount, e.g. 1500.00</source>
            <translation>Valor, p. ex. 1500,00</translation>
        </message>
        <message>
            <source>Separated by commas, e.g. food, museums</source>
            <translation>Separados por vírgulas, p. ex. comida, museus</translation>
        </message>
        <message>
            <source>Holidays during my trip</source>
            <translation>Feriados durante a viagem</translation>
        </message>
        <message>
            <source>Look up public holidays at the first stop</source>
            <translation>Consultar os feriados na primeira parada</translation>
        </message>
        <message>
            <source>Convert budget</source>
            <translation>Converter orçamento</translation>
        </message>
        <message>
            <source>Convert the budget at the European Central Bank rate</source>
            <translation>Converter o orçamento pela taxa do Banco Central Europeu</translation>
        </message>
        <message>
            <source>Stops</source>
            <translation>Paradas</translation>
        </message>
        <message>
            <source>new text</source>
            <translation>novo texto</translation>
        </message>
    </context>
    <context>
        <name>TripForm</name>
        <message>
            <source>Select a trip in the list, or create one with New trip.</source>
            <translation>Selecione uma viagem na lista, ou crie uma com Nova viagem.</translation>
        </message>
        <message>
            <source>Trip</source>
            <translation>Viagem</translation>
        </message>
        <message>
            <source>To {currency}</source>
            <translation>Para {currency}</translation>
        </message>
        <message>
            <source>A change to the previous trip was not saved: {reason}</source>
            <translation>Uma alteração na viagem anterior não foi salva: {reason}</translation>
        </message>
    </context>
    <context>
        <name>TripList</name>
        <message>
            <source>Trips</source>
            <translation>Viagens</translation>
        </message>
        <message>
            <source>New trip</source>
            <translation>Nova viagem</translation>
        </message>
        <message>
            <source>Rename</source>
            <translation>Renomear</translation>
        </message>
        <message>
            <source>Duplicate</source>
            <translation>Duplicar</translation>
        </message>
        <message>
            <source>Delete</source>
            <translation>Excluir</translation>
        </message>
        <message>
            <source>Deleted “{title}”.</source>
            <translation>“{title}” excluída.</translation>
        </message>
    </context>
    <context>
        <name>TripText</name>
        <message>
            <source>No stops yet</source>
            <translation>Nenhuma parada ainda</translation>
        </message>
        <message>
            <source>Dates not set</source>
            <translation>Datas não definidas</translation>
        </message>
        <message>
            <source>Not matched to an airport — kept as typed</source>
            <translation>Não corresponde a um aeroporto — mantido como digitado</translation>
        </message>
        <message>
            <source>From {date}</source>
            <translation>A partir de {date}</translation>
        </message>
        <message>
            <source>Until {date}</source>
            <translation>Até {date}</translation>
        </message>
        <message>
            <source>{day} — before the trip</source>
            <translation>{day} — antes da viagem</translation>
        </message>
        <message>
            <source>{day} — after the trip</source>
            <translation>{day} — depois da viagem</translation>
        </message>
        <message>
            <source>{day} — Day {number}</source>
            <translation>{day} — Dia {number}</translation>
        </message>
        <message>
            <source>Time zone {zone}</source>
            <translation>Fuso horário {zone}</translation>
        </message>
        <message>
            <source>Airport {code} · time zone {zone}</source>
            <translation>Aeroporto {code} · fuso horário {zone}</translation>
        </message>
        <message>
            <source>Airport {code}</source>
            <translation>Aeroporto {code}</translation>
        </message>
        <message>
            <source>{weekday} · 1 day</source>
            <translation>{weekday} · 1 dia</translation>
        </message>
        <message>
            <source>{weekday} · {days} days</source>
            <translation>{weekday} · {days} dias</translation>
        </message>
    </context>
    <context>
        <name>TripView</name>
        <message>
            <source>This trip was deleted.</source>
            <translation>Esta viagem foi excluída.</translation>
        </message>
    </context>
    <context>
        <name>UndoBar</name>
        <message>
            <source>Last change</source>
            <translation>Última alteração</translation>
        </message>
        <message>
            <source>Undo</source>
            <translation>Desfazer</translation>
        </message>
        <message>
            <source>Dismiss</source>
            <translation>Dispensar</translation>
        </message>
        <message>
            <source>This can no longer be undone here: other changes to the trip came after it.</source>
            <translation>Isto não pode mais ser desfeito aqui: outras alterações na viagem vieram depois.</translation>
        </message>
    </context>
    <context>
        <name>UnnamedTask</name>
        <message>
            <source>Could not {task}: {error}</source>
            <translation>Algo deu errado: {error}</translation>
        </message>
    </context>
    <context>
        <name>UsageTable</name>
        <message>
            <source>Call</source>
            <translation>Chamada</translation>
        </message>
        <message>
            <source>Prompt</source>
            <translation>Prompt</translation>
        </message>
        <message>
            <source>Cached</source>
            <translation>Em cache</translation>
        </message>
        <message>
            <source>Share</source>
            <translation>Parcela</translation>
        </message>
        <message>
            <source>Output</source>
            <translation>Saída</translation>
        </message>
        <message>
            <source>Model call number (iteration) within its request; summary requests of compaction are marked</source>
            <translation>Número da chamada ao modelo (iteração) dentro do seu pedido; os pedidos de resumo da compactação vêm marcados</translation>
        </message>
        <message>
            <source>Prompt tokens</source>
            <translation>Tokens de prompt</translation>
        </message>
        <message>
            <source>Prompt tokens the server reused from its cache</source>
            <translation>Tokens de prompt que o servidor reaproveitou do cache</translation>
        </message>
        <message>
            <source>Cached share: the part of the prompt served from the cache</source>
            <translation>Parcela em cache: a parte do prompt servida a partir do cache</translation>
        </message>
        <message>
            <source>Completion tokens: what the model wrote</source>
            <translation>Tokens de resposta: o que o modelo escreveu</translation>
        </message>
        <message>
            <source>{call} · summary</source>
            <translation>{call} · resumo</translation>
        </message>
    </context>
    <context>
        <name>UserGuide</name>
        <message>
            <source>User guide</source>
            <translation>Guia do usuário</translation>
        </message>
        <message>
            <source>Find in the guide</source>
            <translation>Localizar no guia</translation>
        </message>
        <message>
            <source>Enter finds the next match, Shift+Enter the previous</source>
            <translation>Enter localiza a próxima ocorrência, Shift+Enter a anterior</translation>
        </message>
        <message>
            <source>&amp;Find:</source>
            <translation>&amp;Localizar:</translation>
        </message>
        <message>
            <source>Not found.</source>
            <translation>Não encontrado.</translation>
        </message>
        <message>
            <source>The user guide is missing from this installation ({error}).</source>
            <translation>O guia do usuário não está nesta instalação ({error}).</translation>
        </message>
    </context>
    <context>
        <name>Validation</name>
        <message>
            <source>{label} must be a trigger such as lookup:holidays or form:trip-brief{got}.</source>
            <translation>{label} precisa ser um gatilho como lookup:holidays ou form:trip-brief{got}.</translation>
        </message>
        <message>
            <source>{label}: {name}'s share must be a number more than zero{got}.</source>
            <translation>{label}: a parte de {name} precisa ser um número maior que zero{got}.</translation>
        </message>
        <message>
            <source>{label} must be a list of names with their shares{got}.</source>
            <translation>{label} precisa ser uma lista de nomes com suas partes{got}.</translation>
        </message>
        <message>
            <source>{label} names {name} twice.</source>
            <translation>{label} cita {name} duas vezes.</translation>
        </message>
        <message>
            <source>{label} can name at most {max_people} people (got {count}).</source>
            <translation>{label} pode citar no máximo {max_people} pessoas (recebido: {count}).</translation>
        </message>
        <message>
            <source>no decimals</source>
            <translation>nenhuma casa decimal</translation>
        </message>
        <message>
            <source>at most {units} decimals</source>
            <translation>no máximo {units} casas decimais</translation>
        </message>
        <message>
            <source>Amount {amount} {currency} has too many decimals; {currency} has {decimals}.</source>
            <translation>O valor {amount} {currency} tem casas decimais demais; {currency} tem {decimals}.</translation>
        </message>
        <message>
            <source>The end date ({end}) is before the start date ({start}).</source>
            <translation>A data de término ({end}) é anterior à data de início ({start}).</translation>
        </message>
        <message>
            <source>A trip can last at most {most} days; {start} to {end} is {days:,} days.</source>
            <translation>Uma viagem pode durar no máximo {most} dias; de {start} a {end} são {days} dias.</translation>
        </message>
        <message>
            <source>{day} {time} {zone}</source>
            <translation>{day} {time} {zone}</translation>
        </message>
        <message>
            <source>{day} {time}</source>
            <translation>{day} {time}</translation>
        </message>
        <message>
            <source>An all-day item has no start time, end time or duration; clear them or turn off All day.</source>
            <translation>Um item de dia inteiro não tem hora de início, hora de término nem duração; apague-as ou desative Dia inteiro.</translation>
        </message>
        <message>
            <source>Give an end or a duration, not both.</source>
            <translation>Informe um término ou uma duração, não ambos.</translation>
        </message>
        <message>
            <source>The end day ({end_day}) is before the day ({day}).</source>
            <translation>O dia de término ({end_day}) é anterior ao dia ({day}).</translation>
        </message>
        <message>
            <source>An item can end at most {most} days after its day; {day} to {end_day} is {days:,} days.</source>
            <translation>Um item pode terminar no máximo {most} dias depois do seu dia; de {day} a {end_day} são {days} dias.</translation>
        </message>
        <message>
            <source>The end ({end}) is before the start ({start}). If it ends on a later day, set the end day.</source>
            <translation>O término ({end}) é anterior ao início ({start}). Se terminar em um dia posterior, defina o dia de término.</translation>
        </message>
        <message>
            <source>The end ({end}) is before the start ({start}).</source>
            <translation>O término ({end}) é anterior ao início ({start}).</translation>
        </message>
        <message>
            <source>A cost needs its currency, such as EUR.</source>
            <translation>Um custo precisa da sua moeda, como EUR.</translation>
        </message>
        <message>
            <source>The departure from {place} ({depart}) is before the arrival ({arrive}).</source>
            <translation>A partida de {place} ({depart}) é anterior à chegada ({arrive}).</translation>
        </message>
        <message>
            <source>The arrival at {place} ({day}) is before the trip starts ({start}).</source>
            <translation>A chegada a {place} ({day}) é anterior ao início da viagem ({start}).</translation>
        </message>
        <message>
            <source>The arrival at {place} ({day}) is after the trip ends ({end}).</source>
            <translation>A chegada a {place} ({day}) é posterior ao fim da viagem ({end}).</translation>
        </message>
        <message>
            <source>The departure from {place} ({day}) is before the trip starts ({start}).</source>
            <translation>A partida de {place} ({day}) é anterior ao início da viagem ({start}).</translation>
        </message>
        <message>
            <source>The departure from {place} ({day}) is after the trip ends ({end}).</source>
            <translation>A partida de {place} ({day}) é posterior ao fim da viagem ({end}).</translation>
        </message>
        <message>
            <source>Position must be a whole number of 0 or more (got {position}).</source>
            <translation>A posição precisa ser um número inteiro igual ou maior que 0 (recebido: {position}).</translation>
        </message>
        <message>
            <source>{label} must be a time such as 22:00 (got {text!r}).</source>
            <translation>{label} precisa ser um horário como 22:00 (recebido: {text!r}).</translation>
        </message>
        <message>
            <source>{label} must be a whole number from {low} to {high} (got {text!r}).</source>
            <translation>{label} precisa ser um número inteiro de {low} a {high} (recebido: {text!r}).</translation>
        </message>
        <message>
            <source>{label} must be a number of hours above 0 and up to {high}, in tenths at most (got {text!r}).</source>
            <translation>{label} precisa ser um número de horas acima de 0 e até {high}, com no máximo décimos (recebido: {text!r}).</translation>
        </message>
        <message>
            <source>{label} must be one of {value} (got {text!r}).</source>
            <translation>{label} precisa ser um de {value} (recebido: {text!r}).</translation>
        </message>
        <message>
            <source>{label}: each may have at most {length} characters (got {value!r}…).</source>
            <translation>{label}: cada um pode ter no máximo {length} caracteres (recebido: {value!r}…).</translation>
        </message>
        <message>
            <source>from {low} to {high}</source>
            <translation>de {low} a {high}</translation>
        </message>
        <message>
            <source>at most {high}</source>
            <translation>no máximo {high}</translation>
        </message>
        <message>
            <source>{label} takes {wanted} words (got {count}).</source>
            <translation>{label} aceita {wanted} palavras (recebido: {count}).</translation>
        </message>
        <message>
            <source>A constraint may have at most {rule_limit:,} characters (got {count:,}).</source>
            <translation>Uma restrição pode ter no máximo {rule_limit} caracteres (recebido: {count}).</translation>
        </message>
        <message>
            <source>A constraint must be written as one of: {value} (got {text!r}).</source>
            <translation>Uma restrição precisa ser escrita como uma de: {value} (recebido: {text!r}).</translation>
        </message>
        <message>
            <source>{name} takes no brackets or line breaks inside: {syntax}.</source>
            <translation>{name} não aceita parênteses nem quebras de linha dentro: {syntax}.</translation>
        </message>
        <message>
            <source>{name} takes {syntax} (got {value!r}).</source>
            <translation>{name} aceita {syntax} (recebido: {value!r}).</translation>
        </message>
        <message>
            <source>no_departure_between needs two different times (a window of hours).</source>
            <translation>no_departure_between precisa de dois horários diferentes (uma janela de horas).</translation>
        </message>
        <message>
            <source>{label} must be rule text such as max_flights(2) (got {value!r}).</source>
            <translation>{label} precisa ser o texto de uma regra como max_flights(2) (recebido: {value!r}).</translation>
        </message>
        <message>
            <source> (got {value})</source>
            <translation> (recebido: {value})</translation>
        </message>
        <message>
            <source>{label} must be text{got}.</source>
            <translation>{label} precisa ser texto{got}.</translation>
        </message>
        <message>
            <source>{label} contains a broken character (an unpaired surrogate) at position {position}; type or paste it again.</source>
            <translation>{label} contém um caractere corrompido (um surrogate sem par) na posição {position}; digite ou cole de novo.</translation>
        </message>
        <message>
            <source>{label} contains a NUL character at position {position}.</source>
            <translation>{label} contém um caractere NUL na posição {position}.</translation>
        </message>
        <message>
            <source>{label} is {count:,} characters long; at most {limit:,} are kept.</source>
            <translation>{label} tem {count} caracteres; no máximo {limit} são guardados.</translation>
        </message>
        <message>
            <source>{label} must not be empty.</source>
            <translation>{label} não pode ficar vazio.</translation>
        </message>
        <message>
            <source>{label} must be a whole number from {minimum} to {maximum}{got}.</source>
            <translation>{label} precisa ser um número inteiro de {minimum} a {maximum}{got}.</translation>
        </message>
        <message>
            <source>{label} is needed, e.g. 12.50.</source>
            <translation>{label} é obrigatório, por exemplo 12.50.</translation>
        </message>
        <message>
            <source>{label}: {reason}</source>
            <translation>{label}: {reason}</translation>
        </message>
        <message>
            <source>{label} must be an amount such as 1234.50{got}.</source>
            <translation>{label} precisa ser um valor como 1234.50{got}.</translation>
        </message>
        <message>
            <source>{label} must not be negative{got}.</source>
            <translation>{label} não pode ser negativo{got}.</translation>
        </message>
        <message>
            <source>{label} must be less than {maximum:,}{got}.</source>
            <translation>{label} precisa ser menor que {maximum}{got}.</translation>
        </message>
        <message>
            <source>{label} must be more than zero{got}.</source>
            <translation>{label} precisa ser maior que zero{got}.</translation>
        </message>
        <message>
            <source>{label} must be a date such as 2026-05-01{got}.</source>
            <translation>{label} precisa ser uma data como 2026-05-01{got}.</translation>
        </message>
        <message>
            <source>{label} must be a date between the years {min_year} and {max_year}{got}.</source>
            <translation>{label} precisa ser uma data entre os anos {min_year} e {max_year}{got}.</translation>
        </message>
        <message>
            <source>{label} must be a time of day such as 09:30{got}.</source>
            <translation>{label} precisa ser um horário como 09:30{got}.</translation>
        </message>
        <message>
            <source>{label} must be a local time without a UTC offset; the time zone is a field of its own{got}.</source>
            <translation>{label} precisa ser uma hora local sem deslocamento UTC; o fuso horário é um campo à parte{got}.</translation>
        </message>
        <message>
            <source>{label} must be an IANA time zone such as Europe/Lisbon{got}.</source>
            <translation>{label} precisa ser um fuso horário IANA como Europe/Lisbon{got}.</translation>
        </message>
        <message>
            <source>{label} must be a three-letter IATA code such as LIS{got}.</source>
            <translation>{label} precisa ser um código IATA de três letras como LIS{got}.</translation>
        </message>
        <message>
            <source>{label} must be a three-letter ISO 4217 code in use, such as EUR{got}.</source>
            <translation>{label} precisa ser um código ISO 4217 de três letras em uso, como EUR{got}.</translation>
        </message>
        <message>
            <source>{label} must be true or false{got}.</source>
            <translation>{label} precisa ser verdadeiro ou falso{got}.</translation>
        </message>
        <message>
            <source>{label} must be one of {names}{got}.</source>
            <translation>{label} precisa ser um de {names}{got}.</translation>
        </message>
        <message>
            <source>{label} must be a list of words{got}.</source>
            <translation>{label} precisa ser uma lista de palavras{got}.</translation>
        </message>
        <message>
            <source>{label} can hold at most {max_items} entries (got {count}).</source>
            <translation>{label} pode ter no máximo {max_items} entradas (recebido: {count}).</translation>
        </message>
        <message>
            <source>{label} must be a whole number of minutes from 1 to {maximum:,}{got}.</source>
            <translation>{label} precisa ser um número inteiro de minutos de 1 a {maximum}{got}.</translation>
        </message>
        <message>
            <source>{label} must be a web address starting with https:// or http://{got}.</source>
            <translation>{label} precisa ser um endereço da web começando com https:// ou http://{got}.</translation>
        </message>
        <message>
            <source>{label} is {count} characters long; at most {limit} are kept.</source>
            <translation>{label} tem {count} caracteres; no máximo {limit} são guardados.</translation>
        </message>
        <message>
            <source>No currency given. Use a three-letter ISO 4217 code such as EUR.</source>
            <translation>Nenhuma moeda informada. Use um código ISO 4217 de três letras como EUR.</translation>
        </message>
        <message>
            <source>Unknown currency {strip!r}.{hint} Use a three-letter ISO 4217 code such as EUR or USD.</source>
            <translation>Moeda desconhecida {strip!r}.{hint} Use um código ISO 4217 de três letras como EUR ou USD.</translation>
        </message>
        <message>
            <source>{amount} is not an amount of money.</source>
            <translation>{amount} não é um valor em dinheiro.</translation>
        </message>
        <message>
            <source>{amount} is too large an amount of money.</source>
            <translation>{amount} é um valor em dinheiro grande demais.</translation>
        </message>
        <message>
            <source>{amount} {code} has too many decimals; {code} has {units}.</source>
            <translation>{amount} {code} tem casas decimais demais; {code} tem {units}.</translation>
        </message>
        <message>
            <source>{cleaned!r} is not a whole date: give the day, month and year, for example {example} or 14 May 2026.</source>
            <translation>{cleaned!r} não é uma data completa: informe dia, mês e ano, por exemplo {example} ou 14 May 2026.</translation>
        </message>
        <message>
            <source>{cleaned!r} has no clear year: write it like {example}.</source>
            <translation>{cleaned!r} não tem um ano claro: escreva como {example}.</translation>
        </message>
        <message>
            <source>{cleaned!r} is not a valid date (read as day {day}, month {month}, year {year}, like {example}). {why}</source>
            <translation>{cleaned!r} não é uma data válida (lida como dia {day}, mês {month}, ano {year}, como {example}). {why}</translation>
        </message>
        <message>
            <source>No date given. Write it as YYYY-MM-DD, for example {example}.</source>
            <translation>Nenhuma data informada. Escreva como AAAA-MM-DD, por exemplo {example}.</translation>
        </message>
        <message>
            <source>{date} is a {weekdays}, not a {weekdays2}.</source>
            <translation>{date} é {weekdays}, não {weekdays2}.</translation>
        </message>
        <message>
            <source>{original!r} is not a date: {match!r} is not an English month name.</source>
            <translation>{original!r} não é uma data: {match!r} não é um nome de mês em inglês.</translation>
        </message>
        <message>
            <source>{original!r} is not a plausible trip date: the year must be between {min_year} and {max_year}.</source>
            <translation>{original!r} não é uma data de viagem plausível: o ano precisa estar entre {min_year} e {max_year}.</translation>
        </message>
        <message>
            <source>{original!r} is not a valid date. {why}</source>
            <translation>{original!r} não é uma data válida. {why}</translation>
        </message>
        <message>
            <source>The end date ({date}) is before the start date ({date2}).</source>
            <translation>A data de término ({date}) é anterior à data de início ({date2}).</translation>
        </message>
        <message>
            <source>A trip can last at most {max_trip_days} days; {date} to {date2} is {days} days.</source>
            <translation>Uma viagem pode durar no máximo {max_trip_days} dias; de {date} a {date2} são {days} dias.</translation>
        </message>
        <message>
            <source>Unknown time zone {name!r}. Use an IANA name such as Europe/Lisbon.</source>
            <translation>Fuso horário desconhecido {name!r}. Use um nome IANA como Europe/Lisbon.</translation>
        </message>
    </context>
    <context>
        <name>Values</name>
        <message>
            <source>{text} is not an amount; write it like 1234.50.</source>
            <translation>{text} não é um valor; escreva-o como 1234,50.</translation>
        </message>
        <message>
            <source>{text} is not an amount: {named!r} is neither a currency code such as EUR nor a currency symbol such as €.</source>
            <translation>{text} não é um valor: {named!r} não é um código de moeda como EUR nem um símbolo de moeda como €.</translation>
        </message>
        <message>
            <source>{text} could mean {thousands} or {decimals}; write it as {thousands} or as {decimals}.</source>
            <translation>{text} pode significar {thousands} ou {decimals}; escreva {thousands} ou {decimals}.</translation>
        </message>
        <message>
            <source>{text!r} is not a time of day; write it like 14:30 or 2:30 pm.</source>
            <translation>{text!r} não é uma hora do dia; escreva-a como 14:30.</translation>
        </message>
        <message>
            <source>{text!r} is not a duration; write it like 90 min or 2h30.</source>
            <translation>{text!r} não é uma duração; escreva-a como 90 min ou 2h30.</translation>
        </message>
        <message>
            <source>{original!r} is not a date: {match!r} is not a month name in English or {name}.</source>
            <translation>{original!r} não é uma data: {match!r} não é um nome de mês em inglês nem em {name}.</translation>
        </message>
    </context>
    <context>
        <name>Voice</name>
        <message>
            <source>This server does not offer realtime voice (no WebSocket endpoint at {url}). Choose a server and model with realtime support in Settings, or keep typing.</source>
            <translation>Este servidor não oferece voz em tempo real (nenhum endpoint WebSocket em {url}). Escolha em Configurações um servidor e um modelo com suporte a tempo real, ou continue digitando.</translation>
        </message>
        <message>
            <source>The server refused the voice model “{model}”: {reason} Choose a realtime model in Settings.</source>
            <translation>O servidor recusou o modelo de voz “{model}”: {reason} Escolha um modelo de tempo real em Configurações.</translation>
        </message>
        <message>
            <source>The server refused the API key for voice (HTTP {status}). Check the API key in Settings.</source>
            <translation>O servidor recusou a chave de API para voz (HTTP {status}). Confira a chave de API em Configurações.</translation>
        </message>
        <message>
            <source>Could not reach the voice server at {url}. Check that it is running and that the address in Settings is right.</source>
            <translation>Não foi possível acessar o servidor de voz em {url}. Verifique se ele está em execução e se o endereço em Configurações está correto.</translation>
        </message>
        <message>
            <source>The voice server answered with HTTP {status} at {url}. Try again later.</source>
            <translation>O servidor de voz respondeu com HTTP {status} em {url}. Tente novamente mais tarde.</translation>
        </message>
        <message>
            <source>The voice server did not start a session within {seconds} seconds. Try again, or check that the server supports realtime voice.</source>
            <translation>O servidor de voz não iniciou uma sessão em {seconds} segundos. Tente novamente ou verifique se o servidor oferece voz em tempo real.</translation>
        </message>
        <message>
            <source>The voice server refused to set up the session: {reason}</source>
            <translation>O servidor de voz recusou configurar a sessão: {reason}</translation>
        </message>
        <message>
            <source>The voice server reported a problem: {reason}</source>
            <translation>O servidor de voz informou um problema: {reason}</translation>
        </message>
        <message>
            <source>The connection to the voice server was lost and could not be restored. The conversation is kept; start voice again to go on.</source>
            <translation>A conexão com o servidor de voz caiu e não pôde ser restabelecida. A conversa foi mantida; inicie a voz de novo para continuar.</translation>
        </message>
        <message>
            <source>The assistant could not read the trip's current state ({reason}). It did not answer; try again.</source>
            <translation>O assistente não conseguiu ler o estado atual da viagem ({reason}). Ele não respondeu; tente novamente.</translation>
        </message>
        <message>
            <source>Voice needs the PortAudio library, which is not installed. Install it (sudo apt install libportaudio2 on Debian and Ubuntu) and start the app again.</source>
            <translation>A voz precisa da biblioteca PortAudio, que não está instalada. Instale-a (sudo apt install libportaudio2 no Debian e no Ubuntu) e abra o aplicativo de novo.</translation>
        </message>
        <message>
            <source>Voice needs the PortAudio library, which could not be loaded. Reinstall the app and start it again.</source>
            <translation>A voz precisa da biblioteca PortAudio, que não pôde ser carregada. Reinstale o aplicativo e abra-o de novo.</translation>
        </message>
        <message>
            <source>No microphone was found. Connect one (or turn it on in your system's sound settings), then choose it under Settings ▸ Voice.</source>
            <translation>Nenhum microfone foi encontrado. Conecte um (ou ative-o nas configurações de som do sistema) e escolha-o em Configurações ▸ Voz.</translation>
        </message>
        <message>
            <source>No speaker or headphones were found. Connect some (or turn them on in your system's sound settings), then choose them under Settings ▸ Voice.</source>
            <translation>Nenhum alto-falante ou fone de ouvido foi encontrado. Conecte um (ou ative-o nas configurações de som do sistema) e escolha-o em Configurações ▸ Voz.</translation>
        </message>
        <message>
            <source>The sound device “{name}” chosen in Settings ▸ Voice is not connected. Connect it, or choose another one there.</source>
            <translation>O dispositivo de som “{name}” escolhido em Configurações ▸ Voz não está conectado. Conecte-o ou escolha outro ali.</translation>
        </message>
        <message>
            <source>The app may not use “{name}”. Allow Concierge to use the microphone in your system's privacy settings, then try again.</source>
            <translation>O aplicativo não tem permissão para usar “{name}”. Permita que o Concierge use o microfone nas configurações de privacidade do sistema e tente novamente.</translation>
        </message>
        <message>
            <source>“{name}” is in use by another program. Close the program using it, or choose another device under Settings ▸ Voice, then try again.</source>
            <translation>“{name}” está em uso por outro programa. Feche o programa que o está usando ou escolha outro dispositivo em Configurações ▸ Voz e tente novamente.</translation>
        </message>
        <message>
            <source>“{name}” cannot record or play 16-bit mono sound. Choose another device under Settings ▸ Voice.</source>
            <translation>“{name}” não consegue gravar nem reproduzir som mono de 16 bits. Escolha outro dispositivo em Configurações ▸ Voz.</translation>
        </message>
        <message>
            <source>“{name}” could not be opened ({detail}). Check that it is connected, or choose another device under Settings ▸ Voice.</source>
            <translation>Não foi possível abrir “{name}” ({detail}). Verifique se está conectado ou escolha outro dispositivo em Configurações ▸ Voz.</translation>
        </message>
        <message>
            <source>The microphone has sent only silence for a few seconds: Concierge may not be allowed to use it. Allow it under System Settings ▸ Privacy &amp; Security ▸ Microphone, then start the app again.</source>
            <translation>O microfone enviou apenas silêncio por alguns segundos: o Concierge pode não ter permissão para usá-lo. Permita em Ajustes do Sistema ▸ Privacidade e Segurança ▸ Microfone e abra o app novamente.</translation>
        </message>
        <message>
            <source>The microphone has sent only silence for a few seconds: apps may not be allowed to use it. Allow it under Settings ▸ Privacy &amp; security ▸ Microphone (Settings ▸ Privacy ▸ Microphone on Windows 10), then turn voice off and on again.</source>
            <translation>O microfone enviou apenas silêncio por alguns segundos: os apps podem não ter permissão para usá-lo. Permita em Configurações ▸ Privacidade e segurança ▸ Microfone (Configurações ▸ Privacidade ▸ Microfone no Windows 10) e desligue e ligue a voz novamente.</translation>
        </message>
        <message>
            <source>The microphone has sent only silence for a few seconds: it may be muted or blocked. Check its input in your sound settings (or PipeWire's or PulseAudio's volume control, such as pavucontrol), then turn voice off and on again.</source>
            <translation>O microfone enviou apenas silêncio por alguns segundos: ele pode estar mudo ou bloqueado. Verifique a entrada dele nas configurações de som (ou no controle de volume do PipeWire ou do PulseAudio, como o pavucontrol) e desligue e ligue a voz novamente.</translation>
        </message>
    </context>
    <context>
        <name>VoiceBar</name>
        <message>
            <source>Microphone level</source>
            <translation>Nível do microfone</translation>
        </message>
        <message>
            <source>{level} dB</source>
            <translation>{level} dB</translation>
        </message>
        <message>
            <source>Push to talk</source>
            <translation>Apertar para falar</translation>
        </message>
        <message>
            <source>Hands-free</source>
            <translation>Mãos livres</translation>
        </message>
        <message>
            <source>How to talk</source>
            <translation>Como falar</translation>
        </message>
        <message>
            <source>Talk</source>
            <translation>Falar</translation>
        </message>
        <message>
            <source>Voice status</source>
            <translation>Estado da voz</translation>
        </message>
        <message>
            <source>Push to talk: hold Talk or {key} while you speak. Hands-free: just speak; the server hears when you stop.</source>
            <translation>Apertar para falar: segure Falar ou {key} enquanto fala. Mãos livres: apenas fale; o servidor percebe quando você para.</translation>
        </message>
        <message>
            <source>Hold while you speak ({key})</source>
            <translation>Segure enquanto fala ({key})</translation>
        </message>
        <message>
            <source>Voice</source>
            <translation>Voz</translation>
        </message>
        <message>
            <source>Talk with the assistant (Ctrl+Shift+V)</source>
            <translation>Falar com o assistente (Ctrl+Shift+V)</translation>
        </message>
        <message>
            <source>Voice on or off</source>
            <translation>Ligar ou desligar a voz</translation>
        </message>
    </context>
    <context>
        <name>VoiceMode</name>
        <message>
            <source>Voice needs a connected model. Choose a server and a model in Settings, and a realtime model under Settings ▸ Voice.</source>
            <translation>A voz precisa de um modelo conectado. Escolha um servidor e um modelo em Configurações, e um modelo em tempo real em Configurações ▸ Voz.</translation>
        </message>
        <message>
            <source>Connecting…</source>
            <translation>Conectando…</translation>
        </message>
        <message>
            <source>Listening…</source>
            <translation>Ouvindo…</translation>
        </message>
        <message>
            <source>Thinking…</source>
            <translation>Pensando…</translation>
        </message>
        <message>
            <source>Speaking…</source>
            <translation>Falando…</translation>
        </message>
        <message>
            <source>Reconnecting ({attempt} of {attempts})…</source>
            <translation>Reconectando ({attempt} de {attempts})…</translation>
        </message>
        <message>
            <source>The voice session ended. Press Voice to talk again.</source>
            <translation>A sessão de voz terminou. Pressione Voz para falar de novo.</translation>
        </message>
        <message>
            <source>Hold Talk (or {key}) while you speak.</source>
            <translation>Segure Falar (ou {key}) enquanto fala.</translation>
        </message>
        <message>
            <source>Listening: just speak.</source>
            <translation>Ouvindo: é só falar.</translation>
        </message>
        <message>
            <source>running…</source>
            <translation>em andamento…</translation>
        </message>
        <message>
            <source>The voice session could not start. Check the server under Settings and the realtime model under Settings ▸ Voice.</source>
            <translation>Não foi possível iniciar a sessão de voz. Verifique o servidor em Configurações e o modelo em tempo real em Configurações ▸ Voz.</translation>
        </message>
    </context>
    <context>
        <name>VoiceSettings</name>
        <message>
            <source>Voice</source>
            <translation>Voz</translation>
        </message>
        <message>
            <source>The speech-to-speech model voice mode asks the server for, over WebSocket at the server's base URL.</source>
            <translation>O modelo de fala para fala que o modo de voz pede ao servidor, por WebSocket na URL base do servidor.</translation>
        </message>
        <message>
            <source>The server's default</source>
            <translation>O padrão do servidor</translation>
        </message>
        <message>
            <source>The model that writes down what you say, so it shows in the chat and is kept in the conversation.</source>
            <translation>O modelo que transcreve o que você diz, para que apareça no chat e fique guardado na conversa.</translation>
        </message>
        <message>
            <source>The microphone, by the name the sound system gives it; empty: the system's default.</source>
            <translation>O microfone, pelo nome que o sistema de som lhe dá; vazio: o padrão do sistema.</translation>
        </message>
        <message>
            <source>Micro&amp;phone</source>
            <translation>Micr&amp;ofone</translation>
        </message>
        <message>
            <source>The speaker or headphones, by the name the sound system gives them; empty: the system's default.</source>
            <translation>O alto-falante ou os fones de ouvido, pelo nome que o sistema de som lhes dá; vazio: o padrão do sistema.</translation>
        </message>
        <message>
            <source>Speake&amp;r</source>
            <translation>Alto-fa&amp;lante</translation>
        </message>
        <message>
            <source>Realtime mo&amp;del</source>
            <translation>Modelo em tempo &amp;real</translation>
        </message>
        <message>
            <source>Tra&amp;nscription model</source>
            <translation>Modelo de tra&amp;nscrição</translation>
        </message>
        <message>
            <source>The key held anywhere in the window to talk in push-to-talk mode; press the keys to change it. The default is taken by neither the system's search nor its input methods.</source>
            <translation>A tecla mantida pressionada em qualquer lugar da janela para falar no modo apertar para falar; pressione as teclas para mudá-la. A padrão não é usada nem pela busca do sistema nem pelos seus métodos de entrada.</translation>
        </message>
        <message>
            <source>Push-to-talk ke&amp;y</source>
            <translation>Tecla de apertar para &amp;falar</translation>
        </message>
        <message>
            <source>System default</source>
            <translation>Padrão do sistema</translation>
        </message>
        <message>
            <source>{name} (not connected)</source>
            <translation>{name} (não conectado)</translation>
        </message>
    </context>
    <context>
        <name>Welcome</name>
        <message>
            <source>Welcome to Concierge</source>
            <translation>Boas-vindas ao Concierge</translation>
        </message>
        <message>
            <source>Plan a trip in the forms while an assistant works beside you. A few choices first; every one can be changed later in Settings.</source>
            <translation>Planeje uma viagem nos formulários enquanto um assistente trabalha ao seu lado. Primeiro, algumas escolhas; cada uma pode ser mudada depois em Configurações.</translation>
        </message>
        <message>
            <source>Connect and start</source>
            <translation>Conectar e começar</translation>
        </message>
        <message>
            <source>Open a sample trip to look around</source>
            <translation>Abrir uma viagem de exemplo para explorar</translation>
        </message>
        <message>
            <source>A week in Portugal with bookings and two problems; delete it any time</source>
            <translation>Uma semana em Portugal com reservas e dois problemas; exclua-a quando quiser</translation>
        </message>
        <message>
            <source>Problem</source>
            <translation>Problema</translation>
        </message>
        <message>
            <source>Start</source>
            <translation>Começar</translation>
        </message>
        <message>
            <source>Skip</source>
            <translation>Pular</translation>
        </message>
    </context>
    <context>
        <name>Words</name>
        <message>
            <source>{items} and {last}</source>
            <translation>{items} e {last}</translation>
        </message>
    </context>
</TS>
