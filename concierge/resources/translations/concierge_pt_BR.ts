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
            <source>Constraint for “{text}”</source>
            <translation>Restrição para “{text}”</translation>
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
            <source>all day</source>
            <translation>dia inteiro</translation>
        </message>
        <message>
            <source>no time</source>
            <translation>sem horário</translation>
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
        <name>FormPanel</name>
        <message>
            <source>Meanwhile changed to {value}. Leaving the field saves what you typed instead.</source>
            <translation>Enquanto isso, mudou para {value}. Ao sair do campo, o que você digitou é salvo no lugar.</translation>
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
            <source>All day</source>
            <translation>Dia inteiro</translation>
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
            <source>Cost currency</source>
            <translation>Moeda do custo</translation>
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
            <source>day</source>
            <translation>dia</translation>
        </message>
        <message>
            <source>time</source>
            <translation>horário</translation>
        </message>
        <message>
            <source>time zone</source>
            <translation>fuso horário</translation>
        </message>
        <message>
            <source>title</source>
            <translation>título</translation>
        </message>
        <message>
            <source>place</source>
            <translation>local</translation>
        </message>
        <message>
            <source>notes</source>
            <translation>notas</translation>
        </message>
        <message>
            <source>kind</source>
            <translation>tipo</translation>
        </message>
        <message>
            <source>end day</source>
            <translation>dia de término</translation>
        </message>
        <message>
            <source>end time</source>
            <translation>horário de término</translation>
        </message>
        <message>
            <source>end time zone</source>
            <translation>fuso horário de término</translation>
        </message>
        <message>
            <source>all day</source>
            <translation>dia inteiro</translation>
        </message>
        <message>
            <source>duration</source>
            <translation>duração</translation>
        </message>
        <message>
            <source>carrier</source>
            <translation>companhia</translation>
        </message>
        <message>
            <source>number</source>
            <translation>número</translation>
        </message>
        <message>
            <source>from</source>
            <translation>origem</translation>
        </message>
        <message>
            <source>to</source>
            <translation>destino</translation>
        </message>
        <message>
            <source>seat</source>
            <translation>assento</translation>
        </message>
        <message>
            <source>confirmation code</source>
            <translation>código de reserva</translation>
        </message>
        <message>
            <source>provider</source>
            <translation>fornecedor</translation>
        </message>
        <message>
            <source>address</source>
            <translation>endereço</translation>
        </message>
        <message>
            <source>link</source>
            <translation>link</translation>
        </message>
        <message>
            <source>cost</source>
            <translation>custo</translation>
        </message>
        <message>
            <source>cost currency</source>
            <translation>moeda do custo</translation>
        </message>
        <message>
            <source>opening hours</source>
            <translation>horário de funcionamento</translation>
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
            <source>Move up</source>
            <translation>Mover para cima</translation>
        </message>
        <message>
            <source>Move down</source>
            <translation>Mover para baixo</translation>
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
            <source>Date</source>
            <translation>Data</translation>
        </message>
        <message>
            <source>e.g. {example}</source>
            <translation>ex.: {example}</translation>
        </message>
        <message>
            <source>Amount</source>
            <translation>Valor</translation>
        </message>
        <message>
            <source>e.g. 12.50</source>
            <translation>ex.: 12,50</translation>
        </message>
        <message>
            <source>Currency</source>
            <translation>Moeda</translation>
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
            <source>e.g. Taxi to the hotel</source>
            <translation>ex.: Táxi até o hotel</translation>
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
            <source>relaxed</source>
            <translation>tranquilo</translation>
        </message>
        <message>
            <source>balanced</source>
            <translation>equilibrado</translation>
        </message>
        <message>
            <source>packed</source>
            <translation>intenso</translation>
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
            <source>Move up</source>
            <translation>Mover para cima</translation>
        </message>
        <message>
            <source>Move down</source>
            <translation>Mover para baixo</translation>
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
    <context>
        <name>Words</name>
        <message>
            <source>{items} and {last}</source>
            <translation>{items} e {last}</translation>
        </message>
    </context>
</TS>
