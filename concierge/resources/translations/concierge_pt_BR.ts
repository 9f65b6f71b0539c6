<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR" sourcelanguage="en">
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
        <name>FormPanel</name>
        <message>
            <source>Meanwhile changed to {value}. Leaving the field saves what you typed instead.</source>
            <translation>Enquanto isso, mudou para {value}. Ao sair do campo, o que você digitou é salvo no lugar.</translation>
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
        <name>TripFields</name>
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
        <message>
            <source>Budget must be an amount such as 1234.50.</source>
            <translation>O orçamento deve ser um valor como 1234,50.</translation>
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
