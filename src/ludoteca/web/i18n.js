// The client's own words (the games' words come from the server, already translated).
import { FLOW_WORDS } from "./flow-words.js";
import { ACCOUNT_WORDS } from "./account_words.js";
import { TURN_WORDS } from "./turn-words.js";
import { NOTIFY_WORDS } from "./notify_words.js";
import { PROFILE_WORDS } from "./profile_words.js";

const WORDS = {
  "pt-BR": {
    board: "Tabuleiro", bar: "Jogada em curso", windowYou: "Tem um Não!? A janela está aberta",
    windowWaiting: "Aguardando algum Não!", pickNext: "Escolha o que falta na jogada", waitingFor: "Aguardando {who}",
    sending: "Enviando…", building: "Escolhido", confirm: "Confirmar", cancel: "Cancelar",
    copy: "Copiar", copied: "Link copiado.", playAgain: "Jogar de novo", place: "Lugar", player: "Jogador",
    score: "Pontos", outNth: "{n}º a sair", ndReveal: "Rodada {n} revelada", play: "Reproduzir", pause: "Pausar",
    dev: "Modo desenvolvedor", windowEarly: "Fechar a janela quando todos responderem",
    windowEarlyHelp: "A IA responde na hora; desmarcado, toda janela dura o tempo inteiro.",
    cards: { one: "{n} carta", other: "{n} cartas" }, kittens: { one: "{n} gatinho explosivo", other: "{n} gatinhos explosivos" },
    defuseTop: "No topo", defuseBottom: "No fundo", defuseRandom: "Aleatório", defuseAt: "Na posição", defusePlace: "Colocar",
    defuseHelp: "Onde pôr o gatinho explosivo de volta (1 = topo, {n} = fundo)",
    buryHelp: "Onde enterrar a carta no baralho (1 = topo, {n} = fundo)",
    newCoatl: "Novo Coatl", front: "Ponta da cabeça", backEnd: "Ponta da cauda", future: "O futuro (do topo)",
    nameCard: "Nomeie uma carta", lastMove: "Última jogada",
    salaPotion: "Poção: nunca fica doente nem desmaiada", salaCourage: "Coragem: não se assusta", salaHolds: "segura {item}",
    type_creature: "Criatura", type_spell: "Feitiço", type_item: "Item",
    hint_target: "Escolha um jogador", hint_name: "Nomeie uma carta", hint_give: "Escolha a carta que você dá",
    hint_take: "Escolha uma carta do descarte", hint_alter_pick: "Escolha a próxima carta a partir do topo",
    hint_five_pick: "Escolha as cartas do combo", hint_defuse: "Onde o gatinho volta ao baralho?",
    firstStep: "Primeiro passo", prevStep: "Passo anterior", nextStep: "Próximo passo", lastStep: "Último passo",
    lobbyTitle: "ludoteca: jogos de mesa", playerCount: "{min}–{max} jogadores", nameHelp: "Só é preciso quando alguém senta à mesa.",
    desc_nine_domains: "Duelo de cartas ocultas por nove domínios e os quatro elementos.",
    desc_exploding_kittens: "Compre sem explodir: ataques, Nãos e gatinhos explosivos, de 2 a 10.",
    desc_coatl: "Monte serpentes emplumadas que cumpram as Profecias.",
    desc_sala_de_miaula: "Criaturas felinas, feitiços e terrenos num duelo de cartas.",
    devToggle: "Mostrar os campos da visão (desenvolvedores)",
    lobby: "Mesas", newTable: "Nova mesa", game: "Jogo", players: "Jogadores", seat: "Lugar",
    person: "Pessoa", ai: "IA", level_easy: "Fácil", level_medium: "Médio", level_strong: "Forte", create: "Criar mesa", open: "Aberta", running: "Em jogo",
    abandoned: "Abandonadas", abandonedHelp: "Ninguém joga nelas há um tempo; quem voltar continua de onde parou.",
    finished: "Terminadas", join: "Sentar", watch: "Assistir", replay: "Replay", yourName: "Seu nome",
    deck: "Seu baralho (arquivo de deck, opcional)", free: "livre", options: "Opções",
    windowSeconds: "Janela de reação (s)", clockSeconds: "Relógio por decisão (s, vazio: sem)",
    invitationOnlyTable: "Só para convidados", invitationOnlyHelp: "fora da lista de mesas; senta quem você convidar pelo nome (na sua conta)",
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
    board: "Board", bar: "Move in progress", windowYou: "Nope? The window is open",
    windowWaiting: "Waiting for Nopes", pickNext: "Pick what the move still needs", waitingFor: "Waiting for {who}",
    sending: "Sending…", building: "Picked", confirm: "Confirm", cancel: "Cancel",
    copy: "Copy", copied: "Link copied.", playAgain: "Play again", place: "Place", player: "Player",
    score: "Score", outNth: "out #{n}", ndReveal: "Round {n} revealed", play: "Play", pause: "Pause",
    dev: "Developer mode", windowEarly: "Close the window once every seat has answered",
    windowEarlyHelp: "AI seats answer at once; unticked, every window runs its whole time.",
    cards: { one: "{n} card", other: "{n} cards" }, kittens: { one: "{n} exploding kitten", other: "{n} exploding kittens" },
    defuseTop: "On top", defuseBottom: "At the bottom", defuseRandom: "Random", defuseAt: "At position", defusePlace: "Put back",
    defuseHelp: "Where the exploding kitten goes back (1 = top, {n} = bottom)",
    buryHelp: "Where the card is buried in the pile (1 = top, {n} = bottom)",
    newCoatl: "New Coatl", front: "Head end", backEnd: "Tail end", future: "The future (from the top)",
    nameCard: "Name a card", lastMove: "Last move",
    salaPotion: "Potion: never sick nor fainted", salaCourage: "Courage: cannot be scared", salaHolds: "holds {item}",
    type_creature: "Creature", type_spell: "Spell", type_item: "Item",
    hint_target: "Choose a player", hint_name: "Name a card", hint_give: "Choose the card you give",
    hint_take: "Choose a card from the discard pile", hint_alter_pick: "Choose the next card from the top",
    hint_five_pick: "Choose the cards of the combo", hint_defuse: "Where does the kitten go back in the pile?",
    firstStep: "First step", prevStep: "Previous step", nextStep: "Next step", lastStep: "Last step",
    lobbyTitle: "ludoteca: table games", playerCount: "{min}–{max} players", nameHelp: "Needed only when someone sits at the table.",
    desc_nine_domains: "A duel of hidden cards over nine domains and the four elements.",
    desc_exploding_kittens: "Draw without exploding: attacks, Nopes and exploding kittens, 2 to 10 players.",
    desc_coatl: "Build feathered serpents that fulfil the Prophecies.",
    desc_sala_de_miaula: "Feline creatures, spells and terrains in a card duel.",
    devToggle: "Show the view's fields (developers)",
    lobby: "Tables", newTable: "New table", game: "Game", players: "Players", seat: "Seat",
    person: "Person", ai: "AI", level_easy: "Easy", level_medium: "Medium", level_strong: "Strong", create: "Create table", open: "Open", running: "Playing",
    abandoned: "Abandoned", abandonedHelp: "Nobody has played them for a while; a player who comes back carries on where they left off.",
    finished: "Finished", join: "Sit down", watch: "Watch", replay: "Replay", yourName: "Your name",
    deck: "Your deck (deck file, optional)", free: "free", options: "Options",
    windowSeconds: "Reaction window (s)", clockSeconds: "Clock per decision (s, empty: none)",
    invitationOnlyTable: "By invitation only", invitationOnlyHelp: "not listed in the lobby; only the people you invite by name (on your account) may sit",
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

/** More words for the client (modules with their own words add them at import: help-words.js). */
export function addWords(l, words) {
  Object.assign(WORDS[l], words);
}
for (const l of Object.keys(FLOW_WORDS)) Object.assign(WORDS[l], FLOW_WORDS[l]);

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
  finished: "O jogo já terminou.", not_finished: "O jogo desta mesa ainda não terminou.", not_open: "A mesa não está mais aberta.", not_started: "O jogo ainda não começou.",
  seat_taken: "Este lugar já foi ocupado.", rules_changed: "As regras deste jogo mudaram desde que a mesa foi criada.",
  too_large: "Pedido grande demais.", rate_limited: "Muitas mesas ou lugares de uma vez; tente de novo em instantes.",
  storage: "O banco de dados não respondeu; nada foi mudado. Tente de novo.",
  internal: "Erro no servidor; nada foi mudado.", unknown_game: "Jogo desconhecido.",
  bad_agent: "Agente de IA desconhecido.", agent_refused: "Agente de IA recusado.", bad_seats: "Lugares inválidos", invalid_options: "Opções inválidas",
  invalid_deck: "Baralho inválido", no_decks: "Este jogo não usa baralhos próprios.", invalid_request: "Pedido inválido",
  // caps, names, WebSocket (server issue 12)
  invalid_json: "Mensagem ilegível (JSON).", too_many_tables: "Você já tem mesas abertas demais; jogue ou espere uma delas.",
  server_full: "O servidor está cheio de mesas abertas; entre em uma ou tente mais tarde.",
  too_many_sockets: "Conexões demais do seu endereço.", too_many_spectators: "Esta mesa já tem espectadores demais; tente mais tarde.",
  bad_origin: "Esta página não pode abrir mesas neste servidor.",
  name_control: "O nome tem um caractere de controle.", name_format: "O nome tem um caractere invisível ou de direção de texto.",
  name_line_break: "O nome deve ter uma linha só.", name_invisible: "O nome precisa mostrar alguma coisa.",
  name_too_long: "Nome longo demais (até 40 caracteres).",
  bad_character: "O pedido tem um caractere que não pode ser guardado (como o nulo, U+0000).",
  // accounts (issue 21)
  signin_failed: "Nome ou senha não conferem.", signin_limited: "Tentativas demais; espere um pouco e tente de novo.",
  name_taken: "Este nome já é de outra conta.", not_signed_in: "Entre primeiro.", suspended: "Esta conta está suspensa.",
  password_too_short: "A senha precisa de pelo menos 8 caracteres.",
  // passkeys, invitations and blocks (issue 21: server/passkeys.py, friends.py)
  passkey_refused: "A chave de acesso não foi aceita.", passkey_expired: "O pedido da chave de acesso expirou; tente de novo.",
  passkey_failed: "Esta chave de acesso não abre nenhuma conta.", passkey_known: "Esta chave de acesso já está na conta.",
  passkey_cancelled: "A chave de acesso não foi usada (cancelada ou indisponível).",
  last_way_in: "É o único jeito de entrar na conta: crie uma senha ou outra chave antes.",
  wrong_password: "A senha atual não é essa.", invitation_only: "Esta mesa é só para convidados.",
  invitation_needs_account: "Uma mesa só para convidados é criada por quem entrou na conta e senta nela.",
  no_such_account: "Nenhuma conta tem esse nome.", not_at_table: "Só quem está sentado à mesa convida para ela.",
  self: "Essa é a sua própria conta.",
  // notifications (issue 21 item 5)
  bad_endpoint: "Este navegador deu um endereço de avisos que o servidor não aceita.", unknown_link: "Este link de cancelamento não vale (mais).",
  unrated_ai: "Uma partida contra a IA só é avaliada com níveis de IA que têm nota medida.",
  unrated_table: "Uma mesa sem pessoas não é avaliada.",
  turn_settings: "Ritmo da mesa inválido",
  // game review and practice hints (issue 22)
  rated: "Mesa com ranking: sem dicas.", not_running: "As dicas são dadas enquanto o jogo corre.", hint_failed: "A dica foi interrompida; peça de novo.",
  // decks kept on the account (issue 25 item 8: server/decks.py)
  deck_name_taken: "Você já tem um baralho com este nome.", too_many_decks: "Sua conta já guarda baralhos demais (até 100): apague algum antes.",
};
// the account page's words live beside it (account_words.js)
for (const l of Object.keys(ACCOUNT_WORDS)) Object.assign(WORDS[l], ACCOUNT_WORDS[l]);
// the turn-based form's words live beside it (turn-words.js)
for (const l of Object.keys(TURN_WORDS)) Object.assign(WORDS[l], TURN_WORDS[l]);
// "your turn" words (notify.js, sw.js) live beside them (notify_words.js)
for (const l of Object.keys(NOTIFY_WORDS)) Object.assign(WORDS[l], NOTIFY_WORDS[l]);
// and those of profiles, ratings and "my tables" (profile_words.js)
for (const l of Object.keys(PROFILE_WORDS)) Object.assign(WORDS[l], PROFILE_WORDS[l]);
// for these the server's sentence says what exactly is wrong: it follows the words above
const ERROR_DETAIL = new Set(["bad_seats", "invalid_options", "invalid_deck", "invalid_request", "turn_settings"]);

export function errorText(code, message) {
  if (lang() === "en" || !(code in ERRORS_PT)) return message;
  return ERROR_DETAIL.has(code) ? `${ERRORS_PT[code]}: ${message}` : ERRORS_PT[code];
}

// "one" for exactly 1, as the server's catalogs (engine/i18n.py plural_form): CLDR's Portuguese
// rule puts 0 with 1 ("0 carta"), which Brazilian readers do not write
function plural(l, n) {
  return n === 1 ? "one" : "other";
}

/** The client's sentence `key` with {params}; a sentence with plural forms picks by params.n. */
export function t(key, params = {}) {
  const l = WORDS[lang()] ? lang() : "pt-BR";
  let s = WORDS[l][key] ?? WORDS["pt-BR"][key] ?? key;
  if (typeof s === "object") s = s[plural(l, Number(params.n))] ?? s.other;
  return s.replace(/\{(\w+)\}/g, (_, k) => (k in params ? params[k] : `{${k}}`));
}
