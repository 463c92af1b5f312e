// "Your turn" words: the page's title, the sound switch, the account's notification choices
// (web/notify.js) and the push notification (web/sw.js). pt-BR first, and en.
export const NOTIFY_WORDS = {
  "pt-BR": {
    notifyYourTurn: "Sua vez",
    soundOn: "Som de sua vez: ligado", soundOff: "Som de sua vez: desligado",
    notifyTitle: "Avisos de sua vez",
    notifyHelp: "Avisamos quando uma mesa sua espera a sua jogada e você não está nela. O aviso diz só o jogo e a mesa, nunca as cartas.",
    pushOn: "Receber avisos neste aparelho", pushOff: "Parar os avisos neste aparelho",
    pushIsOn: "Este aparelho recebe os avisos.", pushUnavailable: "Este navegador não recebe avisos (ou o servidor não os envia).",
    pushDenied: "O navegador não deu permissão para avisos.",
    email: "Email", emailOn: "Receber um email quando mesas esperam por mim",
    emailHelp: { one: "No máximo um email a cada {n} hora, com todas as mesas que esperam.", other: "No máximo um email a cada {n} horas, com todas as mesas que esperam." },
    emailHelpMinutes: { one: "No máximo um email a cada {n} minuto, com todas as mesas que esperam.", other: "No máximo um email a cada {n} minutos, com todas as mesas que esperam." },
    emailUnavailable: "Este servidor não envia emails.", emailSaved: "Escolha salva.", emailForget: "Apagar meu email",
    pushTitle: "Sua vez — ludoteca", pushBody: "{game}: a mesa espera a sua jogada.",
  },
  en: {
    notifyYourTurn: "Your move",
    soundOn: "Your-move sound: on", soundOff: "Your-move sound: off",
    notifyTitle: "Your-move notifications",
    notifyHelp: "We tell you when one of your tables waits for your move and you are not at it. A notification names the game and the table, never the cards.",
    pushOn: "Get notifications on this device", pushOff: "Stop notifications on this device",
    pushIsOn: "This device gets the notifications.", pushUnavailable: "This browser gets no notifications (or the server sends none).",
    pushDenied: "The browser did not allow notifications.",
    email: "Email", emailOn: "Email me when tables wait for me",
    emailHelp: { one: "At most one email every {n} hour, listing every table that waits.", other: "At most one email every {n} hours, listing every table that waits." },
    emailHelpMinutes: { one: "At most one email every {n} minute, listing every table that waits.", other: "At most one email every {n} minutes, listing every table that waits." },
    emailUnavailable: "This server sends no email.", emailSaved: "Choice saved.", emailForget: "Delete my email",
    pushTitle: "Your move — ludoteca", pushBody: "{game}: the table is waiting for your move.",
  },
};
