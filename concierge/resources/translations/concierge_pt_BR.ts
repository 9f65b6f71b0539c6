<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR" sourcelanguage="en">
    <context>
        <name>Constraint</name>
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
        <name>Import</name>
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
            <source>{text!r} is not a time of day</source>
            <translation>{text!r} não é um horário</translation>
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
            <source>it is {shown!r}, not a reservation Concierge imports ({known})</source>
            <translation>é {shown!r}, não uma reserva que o Concierge importa ({known})</translation>
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
        <name>Lookup</name>
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
            <source>{cleaned!r} is not a plausible trip date: the year must be between {min_year} and {max_year}.</source>
            <translation>{cleaned!r} não é uma data de viagem plausível: o ano precisa estar entre {min_year} e {max_year}.</translation>
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
</TS>
