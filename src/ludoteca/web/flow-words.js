// The client's words for the waiting room, the reaction windows' pass, the keyboard and the
// announcements (merged into i18n.js's catalog; kept apart so that each part is found by job).
export const FLOW_WORDS = {
  "pt-BR": {
    waitTitle: "{game}: a mesa de {host}", waitTitleNoHost: "{game}: mesa aberta",
    waitSeats: "{n} de {total} lugares ocupados",
    waitStarts: "O jogo começa quando todos os lugares estiverem ocupados.",
    waitInviteHelp: "Mande este link a quem vai jogar, ou mostre o código para um celular do outro lado da mesa.",
    waitCopy: "Copiar o link do convite", waitQr: "Código QR do link do convite",
    waitOptions: "Opções desta mesa", waitDefaults: "As regras de sempre, sem opções mudadas.",
    waitWindow: "Janela para o Não!: até {s} s", waitClock: "Relógio: {s} s por decisão",
    waitOpenReplay: "Replay com todas as mãos abertas", waitFree: "livre",
    waitInvited: "Você foi convidado para {game}, na mesa de {host}.", waitInvitedNoHost: "Você foi convidado para {game}.",
    yes: "sim", no: "não",
    passWindow: "Deixar passar", autoPass: "Nunca parar por mim (deixar passar toda carta sem perguntar)",
    autoPassHelp: "Com isto marcado, você não poderá jogar Não!: as janelas passam na hora.",
    announceYourTurn: "Sua vez.",
  },
  en: {
    waitTitle: "{game}: {host}'s table", waitTitleNoHost: "{game}: open table",
    waitSeats: "{n} of {total} seats taken",
    waitStarts: "The game starts once every seat is taken.",
    waitInviteHelp: "Send this link to the people who will play, or show the code to a phone across the table.",
    waitCopy: "Copy the invitation link", waitQr: "QR code of the invitation link",
    waitOptions: "This table's options", waitDefaults: "The usual rules, no option changed.",
    waitWindow: "Window for Nope: up to {s} s", waitClock: "Clock: {s} s per decision",
    waitOpenReplay: "Replay with every hand open", waitFree: "free",
    waitInvited: "You are invited to {game}, at {host}'s table.", waitInvitedNoHost: "You are invited to {game}.",
    yes: "yes", no: "no",
    passWindow: "Let it pass", autoPass: "Never stop for me (let every card pass without asking)",
    autoPassHelp: "With this ticked you cannot play Nope: windows pass at once.",
    announceYourTurn: "Your move.",
  },
};
