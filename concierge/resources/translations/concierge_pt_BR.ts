<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR" sourcelanguage="en">
    <context>
        <name>Validation</name>
        <message>
            <source>The end date ({end}) is before the start date ({start}).</source>
            <translation>A data de término ({end}) é anterior à data de início ({start}).</translation>
        </message>
    </context>
    <context>
        <name>Voice</name>
        <message>
            <source>This server does not offer realtime voice (no WebSocket endpoint at {url}). Choose a server and model with realtime support in Settings, or keep typing.</source>
            <translation>Este servidor não oferece voz em tempo real (não há endpoint WebSocket em {url}). Escolha um servidor e um modelo com suporte a tempo real em Configurações, ou continue digitando.</translation>
        </message>
        <message>
            <source>The server refused the voice model “{model}”: {reason} Choose a realtime model in Settings.</source>
            <translation>O servidor recusou o modelo de voz “{model}”: {reason} Escolha um modelo em tempo real em Configurações.</translation>
        </message>
        <message>
            <source>The server refused the API key for voice (HTTP {status}). Check the API key in Settings.</source>
            <translation>O servidor recusou a chave de API para a voz (HTTP {status}). Verifique a chave de API em Configurações.</translation>
        </message>
        <message>
            <source>Could not reach the voice server at {url}. Check that it is running and that the address in Settings is right.</source>
            <translation>Não foi possível acessar o servidor de voz em {url}. Verifique se ele está em execução e se o endereço em Configurações está certo.</translation>
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
            <translation>O servidor de voz se recusou a configurar a sessão: {reason}</translation>
        </message>
        <message>
            <source>The voice server reported a problem: {reason}</source>
            <translation>O servidor de voz relatou um problema: {reason}</translation>
        </message>
        <message>
            <source>The connection to the voice server was lost and could not be restored. The conversation is kept; start voice again to go on.</source>
            <translation>A conexão com o servidor de voz caiu e não pôde ser restabelecida. A conversa está guardada; inicie a voz de novo para continuar.</translation>
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
            <source>Push to talk: hold Talk or Ctrl+Space while you speak. Hands-free: just speak; the server hears when you stop.</source>
            <translation>Apertar para falar: segure Falar ou Ctrl+Espaço enquanto fala. Mãos livres: apenas fale; o servidor percebe quando você para.</translation>
        </message>
        <message>
            <source>Talk</source>
            <translation>Falar</translation>
        </message>
        <message>
            <source>Hold while you speak (Ctrl+Space)</source>
            <translation>Segure enquanto fala (Ctrl+Espaço)</translation>
        </message>
        <message>
            <source>Voice status</source>
            <translation>Estado da voz</translation>
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
            <source>Hold Talk (or Ctrl+Space) while you speak.</source>
            <translation>Segure Falar (ou Ctrl+Espaço) enquanto fala.</translation>
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
            <source>Microphone</source>
            <translation>Microfone</translation>
        </message>
        <message>
            <source>Speaker</source>
            <translation>Alto-falante</translation>
        </message>
        <message>
            <source>Realtime model</source>
            <translation>Modelo em tempo real</translation>
        </message>
        <message>
            <source>The speech-to-speech model voice mode asks the server for, over WebSocket at the server's base URL.</source>
            <translation>O modelo de fala para fala que o modo de voz pede ao servidor, por WebSocket na URL base do servidor.</translation>
        </message>
        <message>
            <source>Transcription model</source>
            <translation>Modelo de transcrição</translation>
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
            <source>Micro&amp;phone</source>
            <translation>Micr&amp;ofone</translation>
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
            <source>System default</source>
            <translation>Padrão do sistema</translation>
        </message>
        <message>
            <source>{name} (not connected)</source>
            <translation>{name} (não conectado)</translation>
        </message>
    </context>
</TS>
