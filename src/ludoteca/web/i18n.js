// The client's own words (the games' words come from the server, already translated).
const WORDS = {
  "pt-BR": {
    lobby: "Mesas", newTable: "Nova mesa", game: "Jogo", players: "Jogadores", seat: "Lugar",
    person: "Pessoa", ai: "IA", level_easy: "Fácil", level_medium: "Médio", level_strong: "Forte", create: "Criar mesa", open: "Abertas", running: "Em jogo",
    finished: "Terminadas", join: "Sentar", watch: "Assistir", replay: "Replay", yourName: "Seu nome",
    deck: "Seu baralho (arquivo de deck, opcional)", free: "livre", options: "Opções",
    windowSeconds: "Janela de reação (s)", clockSeconds: "Relógio por decisão (s, vazio: sem)",
    openReplay: "Replay com todas as mãos abertas", none: "Nenhuma mesa.", yourTurn: "Sua vez",
    waiting: "Aguardando", spectator: "Espectador", you: "você", log: "Registro",
    actions: "Suas jogadas", noActions: "Nada a decidir agora.", answered: "Você deixou passar; a janela fecha sozinha.",
    windowOpen: "Janela de reação: {s} s", clock: "Relógio", over: "Fim de jogo", winners: "Vencedores",
    leave: "Sair da mesa", share: "Link para convidar", first: "«", prev: "‹", next: "›", last: "»",
    step: "Passo {i} de {n}", viewAs: "Ver como", spectatorView: "espectador", seatView: "meu lugar",
    allView: "todas as mãos", refresh: "Atualizar", error: "Erro", joinTitle: "Sentar à mesa",
    openSeats: "Lugares livres: {n}", back: "Voltar ao lobby", reconnecting: "Reconectando…",
    agent: "Agente", hand: "Mão", more: "Mais detalhes", allMoves: "Todas as jogadas ({n})", seatLink: "Continuar em outro aparelho", seatLinkHelp: "Este link é o seu lugar: quem o tiver joga por você. Não o compartilhe.", move: "Jogada {n}", table: "Mesa", whoActs: "Decidem agora",
  },
  en: {
    lobby: "Tables", newTable: "New table", game: "Game", players: "Players", seat: "Seat",
    person: "Person", ai: "AI", level_easy: "Easy", level_medium: "Medium", level_strong: "Strong", create: "Create table", open: "Open", running: "Playing",
    finished: "Finished", join: "Sit down", watch: "Watch", replay: "Replay", yourName: "Your name",
    deck: "Your deck (deck file, optional)", free: "free", options: "Options",
    windowSeconds: "Reaction window (s)", clockSeconds: "Clock per decision (s, empty: none)",
    openReplay: "Replay with every hand open", none: "No tables.", yourTurn: "Your move",
    waiting: "Waiting", spectator: "Spectator", you: "you", log: "Log",
    actions: "Your moves", noActions: "Nothing to decide now.", answered: "You let it pass; the window closes by itself.",
    windowOpen: "Reaction window: {s} s", clock: "Clock", over: "Game over", winners: "Winners",
    leave: "Leave the table", share: "Invite link", first: "«", prev: "‹", next: "›", last: "»",
    step: "Step {i} of {n}", viewAs: "View as", spectatorView: "spectator", seatView: "my seat",
    allView: "every hand", refresh: "Refresh", error: "Error", joinTitle: "Sit at the table",
    openSeats: "Open seats: {n}", back: "Back to the lobby", reconnecting: "Reconnecting…",
    agent: "Agent", hand: "Hand", more: "More details", allMoves: "All moves ({n})", seatLink: "Continue on another device", seatLinkHelp: "This link is your seat: whoever has it plays for you. Do not share it.", move: "Move {n}", table: "Table", whoActs: "Deciding now",
  },
};

export function lang() {
  return localStorage.getItem("ludoteca.lang") || (navigator.language || "pt").toLowerCase().startsWith("en") && "en" || "pt-BR";
}

export function setLang(l) {
  localStorage.setItem("ludoteca.lang", l);
  document.documentElement.lang = l;
}

// an AI seat's agent as people read it: a level's name in their language, else the spec
export function agentLabel(spec) {
  return ["easy", "medium", "strong"].includes(spec) ? t(`level_${spec}`) : spec;
}

// the server's error codes as a person reads them; English readers get the server's own
// sentence, which is more precise (it is written in English)
const ERRORS_PT = {
  not_found: "Isto não existe (mais).", forbidden: "Este lugar não é seu.", bad_token: "Código de lugar inválido.",
  stale_move: "A mesa mudou antes da sua jogada chegar; veja a situação atual.",
  not_your_turn: "Agora não é a sua vez.", already_answered: "Você já respondeu.",
  illegal_action: "Esta jogada não é possível agora.", invalid_action: "Jogada mal formada.",
  finished: "O jogo já terminou.", not_open: "A mesa não está mais aberta.", not_started: "O jogo ainda não começou.",
  seat_taken: "Este lugar já foi ocupado.", rules_changed: "As regras deste jogo mudaram desde que a mesa foi criada.",
  too_large: "Pedido grande demais.", rate_limited: "Muitas mesas ou lugares de uma vez; tente de novo em instantes.",
  storage: "O banco de dados não respondeu; nada foi mudado. Tente de novo.",
  internal: "Erro no servidor; nada foi mudado.", unknown_game: "Jogo desconhecido.",
  bad_agent: "Agente de IA desconhecido.", agent_refused: "Agente de IA recusado.", bad_seats: "Lugares inválidos", invalid_options: "Opções inválidas",
  invalid_deck: "Baralho inválido", no_decks: "Este jogo não usa baralhos próprios.", invalid_request: "Pedido inválido",
};
// for these the server's sentence says what exactly is wrong: it follows the words above
const ERROR_DETAIL = new Set(["bad_seats", "invalid_options", "invalid_deck", "invalid_request"]);

export function errorText(code, message) {
  if (lang() === "en" || !(code in ERRORS_PT)) return message;
  return ERROR_DETAIL.has(code) ? `${ERRORS_PT[code]}: ${message}` : ERRORS_PT[code];
}

export function t(key, params = {}) {
  const s = (WORDS[lang()] || WORDS["pt-BR"])[key] ?? WORDS["pt-BR"][key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (k in params ? params[k] : `{${k}}`));
}
