; Concierge's Windows installer (NSIS 3, Modern UI 2) around PyInstaller's one-folder build.
; A per-user install: no administrator, files in %LOCALAPPDATA%\Programs\Concierge, a Start-menu
; entry for this user and an uninstaller listed under HKCU in Settings > Apps. The person's trips
; (%LOCALAPPDATA%\Concierge) are not touched by the uninstaller.
;
;   makensis -DVERSION=0.1.0 packaging\windows\concierge.nsi
;
; VERSION is required (python packaging/app_version.py prints it).
; Optional: DIST (the one-folder build), APP_EXE (the program in it), CLI_EXE (its console twin,
; for cmd and PowerShell), ICON, LICENSE, OUTDIR, NOCOMPRESS (a quick layout check),
; ALLOW_NO_ICON, ALLOW_NO_LICENSE and ALLOW_NO_CLI (only for packaging/check-nsis.sh on Linux,
; whose build has no console twin, before the icons and LICENSE exist; a Windows build needs all).
;
; The installer names each file it writes, and the uninstaller deletes each of them and no
; other: packaging/check_uninstall.py reads both sections and fails on any file, folder,
; shortcut or registry key written and not taken away; packaging/check-nsis.sh runs it and checks
; that the named files are the whole build.

Unicode true

!ifndef VERSION
  !error "Pass the version: makensis -DVERSION=x.y.z concierge.nsi"
!endif
!ifndef DIST
  !define DIST "..\..\dist\concierge"
!endif
!ifndef APP_EXE
  !define APP_EXE "concierge.exe"
!endif
!ifndef CLI_EXE
  !define CLI_EXE "concierge-cli.exe"
!endif
!ifndef ICON
  !define ICON "..\..\build\icons\concierge.ico"
!endif
!ifndef LICENSE
  !define LICENSE "..\..\LICENSE"
!endif
!ifndef OUTDIR
  !define OUTDIR "..\..\dist"
!endif

!define APP_NAME "Concierge"
!define APP_ID "io.github.concierge.Concierge"
!define PUBLISHER "Concierge developers"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP_ID}"
!define SETTINGS_KEY "Software\${APP_NAME}"

; The installer's own version resource wants four numbers.
!searchparse /noerrors "${VERSION}" "" V_MAJOR "." V_MINOR "." V_PATCH
!ifndef V_PATCH
  !error "VERSION must be major.minor.patch, not ${VERSION}"
!endif

!if ! /FileExists "${DIST}\${APP_EXE}"
  !error "${DIST}\${APP_EXE} is missing: build the one-folder app with PyInstaller first"
!endif
!if ! /FileExists "${DIST}\_internal\*.*"
  !error "${DIST}\_internal is missing: DIST must be PyInstaller's one-folder build"
!endif
!if /FileExists "${DIST}\${CLI_EXE}"
  !define HAVE_CLI
!else ifndef ALLOW_NO_CLI
  !error "${DIST}\${CLI_EXE} is missing: the spec builds the console twin on Windows"
!endif

; Authenticode: SIGN_COMMAND signs the uninstaller as makensis writes it and then the
; installer, e.g. -DSIGN_COMMAND="signtool sign /fd SHA256 /tr <timestamp URL> /td SHA256 /a"
; (docs/packaging.md, Windows).
!ifdef SIGN_COMMAND
  !uninstfinalize '${SIGN_COMMAND} "%1"'
  !finalize '${SIGN_COMMAND} "%1"'
!endif

!ifdef NOCOMPRESS
  SetCompress off
!else
  SetCompressor /SOLID lzma
!endif

Name "${APP_NAME} ${VERSION}"
OutFile "${OUTDIR}\Concierge-${VERSION}-windows-x64-setup.exe"
InstallDir "$LOCALAPPDATA\Programs\${APP_NAME}"
InstallDirRegKey HKCU "${SETTINGS_KEY}" "InstallDir"
RequestExecutionLevel user
ManifestDPIAware true
BrandingText "${APP_NAME} ${VERSION}"

VIProductVersion "${V_MAJOR}.${V_MINOR}.${V_PATCH}.0"
VIAddVersionKey /LANG=1033 "ProductName" "${APP_NAME}"
VIAddVersionKey /LANG=1033 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileDescription" "${APP_NAME} installer"
VIAddVersionKey /LANG=1033 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=1033 "LegalCopyright" "MIT licence, ${PUBLISHER}"

!include "MUI2.nsh"
!include "FileFunc.nsh"

!if /FileExists "${ICON}"
  !define MUI_ICON "${ICON}"
  !define MUI_UNICON "${ICON}"
!else ifndef ALLOW_NO_ICON
  !error "${ICON} is missing: run packaging/make_icons.py first"
!endif
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\${APP_EXE}"
!define MUI_FINISHPAGE_RUN_TEXT "Start ${APP_NAME}"

!insertmacro MUI_PAGE_WELCOME
!if /FileExists "${LICENSE}"
  !insertmacro MUI_PAGE_LICENSE "${LICENSE}"
!else ifndef ALLOW_NO_LICENSE
  !error "${LICENSE} is missing: the installer shows the licence it ships under"
!endif
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH

!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

!insertmacro MUI_LANGUAGE "English"

Function .onInit
  SetShellVarContext current
FunctionEnd

Function un.onInit
  SetShellVarContext current
FunctionEnd

Section "Concierge" SecApp
  SectionIn RO
  SetOutPath "$INSTDIR"
  ; An upgrade replaces the bundle whole, so no file of an older version lingers.
  RMDir /r "$INSTDIR\_internal"
  File /r "${DIST}\_internal"
  File "${DIST}\${APP_EXE}"
!ifdef HAVE_CLI
  File "${DIST}\${CLI_EXE}"
!endif
  File "${DIST}\LICENSE"
  File "${DIST}\THIRD-PARTY-NOTICES.txt"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateShortcut "$SMPROGRAMS\${APP_NAME}.lnk" "$INSTDIR\${APP_EXE}" "" "$INSTDIR\${APP_EXE}" 0

  WriteRegStr HKCU "${SETTINGS_KEY}" "InstallDir" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${APP_EXE},0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" "$0"
SectionEnd

Section "Uninstall"
  Delete "$SMPROGRAMS\${APP_NAME}.lnk"
  ; Only what the installer put there: a folder the person chose may hold other things.
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${APP_EXE}"
  Delete "$INSTDIR\${CLI_EXE}"
  Delete "$INSTDIR\LICENSE"
  Delete "$INSTDIR\THIRD-PARTY-NOTICES.txt"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  DeleteRegKey HKCU "${SETTINGS_KEY}"
SectionEnd
