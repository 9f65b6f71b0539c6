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
</TS>
