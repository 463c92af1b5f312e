// The words of turn-based tables in the lobby's form (pt-BR first, and en), merged into the
// client's catalog by i18n.js. Durations come in whole hours or days, with their plurals.
export const TURN_WORDS = {
  "pt-BR": {
    pace: "Ritmo", paceRealtime: "Tempo real (todos na mesa agora)", paceTurnBased: "Por turnos (cada um joga quando puder)",
    paceHelp: "Por turnos, a mesa espera cada jogada até o prazo; quem passa do prazo e da reserva tem a jogada feita pelo relógio.",
    turnLimit: "Prazo por jogada", timeBank: "Reserva de tempo",
    timeBankHelp: "Tempo extra para as jogadas que passam do prazo. Cada jogada feita no prazo devolve um quarto do prazo à reserva, até o que ela era no começo.",
    turnWindowHelp: {
      one: "Janelas de reação (o Não!) ficam abertas {n} minuto, ou até todos responderem.",
      other: "Janelas de reação (o Não!) ficam abertas {n} minutos, ou até todos responderem.",
    },
    hours: { one: "{n} hora", other: "{n} horas" }, days: { one: "{n} dia", other: "{n} dias" },
    noBank: "Sem reserva", turnBased: "Por turnos",
    // the table page's pace (pace.js): the time left of the seat that owes a move, each bank
    minutes: { one: "{n} minuto", other: "{n} minutos" }, underMinute: "menos de um minuto",
    paceLeft: "faltam {left}", paceBank: "reserva: {left}",
  },
  en: {
    pace: "Pace", paceRealtime: "Real time (everyone at the table now)", paceTurnBased: "Turn-based (each plays when they can)",
    paceHelp: "Turn-based, the table waits for each move until its deadline; whoever runs past the deadline and the bank has the clock move for them.",
    turnLimit: "Time per move", timeBank: "Time bank",
    timeBankHelp: "Extra time for moves made after the deadline. Each move made in time gives a quarter of the limit back to the bank, up to what it was at the start.",
    turnWindowHelp: {
      one: "Reaction windows (the Nope) stay open {n} minute, or until everyone has answered.",
      other: "Reaction windows (the Nope) stay open {n} minutes, or until everyone has answered.",
    },
    hours: { one: "{n} hour", other: "{n} hours" }, days: { one: "{n} day", other: "{n} days" },
    noBank: "No bank", turnBased: "Turn-based",
    minutes: { one: "{n} minute", other: "{n} minutes" }, underMinute: "less than a minute",
    paceLeft: "{left} left", paceBank: "bank: {left}",
  },
};
