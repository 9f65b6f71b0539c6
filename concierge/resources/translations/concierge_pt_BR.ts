<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR" sourcelanguage="en">
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
        <name>Validation</name>
        <message>
            <source>The end date ({end}) is before the start date ({start}).</source>
            <translation>A data de término ({end}) é anterior à data de início ({start}).</translation>
        </message>
    </context>
</TS>
