<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR" sourcelanguage="en">
    <context>
        <name>AssistantSession</name>
        <message>
            <source>The assistant is not connected. {problem} You can keep writing meanwhile; Send works once a model is connected.</source>
            <translation>O assistente não está conectado. {problem} Você pode continuar escrevendo enquanto isso; Enviar funciona assim que um modelo estiver conectado.</translation>
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
    </context>
    <context>
        <name>Composer</name>
        <message>
            <source>Attach…</source>
            <translation>Anexar…</translation>
        </message>
        <message>
            <source>Attach a document or image (Ctrl+Shift+A)</source>
            <translation>Anexar um documento ou imagem (Ctrl+Shift+A)</translation>
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
            <source>Import {file}</source>
            <translation>Importar {file}</translation>
        </message>
        <message>
            <source>Which item field each column of {file} fills. The first rows below show how they will be read; nothing is imported until you choose OK.</source>
            <translation>Qual campo do item cada coluna de {file} preenche. As primeiras linhas abaixo mostram como serão lidas; nada é importado até você escolher OK.</translation>
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
        <name>ImportRunner</name>
        <message>
            <source>Bookings (*.ics *.pkpass *.eml *.pdf *.csv);;All files (*)</source>
            <translation>Reservas (*.ics *.pkpass *.eml *.pdf *.csv);;Todos os arquivos (*)</translation>
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
            <source>running…</source>
            <translation>em execução…</translation>
        </message>
        <message>
            <source>waiting for your answer…</source>
            <translation>aguardando sua resposta…</translation>
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
        <name>Transcript</name>
        <message>
            <source>Earlier messages were summarized for the assistant.</source>
            <translation>As mensagens anteriores foram resumidas para o assistente.</translation>
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
        <name>Validation</name>
        <message>
            <source>The end date ({end}) is before the start date ({start}).</source>
            <translation>A data de término ({end}) é anterior à data de início ({start}).</translation>
        </message>
    </context>
</TS>
