// The account page's words (pt-BR first, and en), merged into the client's catalog by i18n.js
// (the account errors' Portuguese words are with the others, in i18n.js's ERRORS_PT).
export const ACCOUNT_WORDS = {
  "pt-BR": {
    account: "Minha conta", accountTitle: "Conta", signUp: "Criar conta", signIn: "Entrar", signOut: "Sair",
    signOutEverywhere: "Sair em todos os aparelhos", password: "Senha", accountName: "Nome",
    passwordHelp: "Pelo menos 8 caracteres.", signUpHelp: "As mesas em que você jogou neste navegador passam para a sua conta.",
    signedInAs: "Você entrou como {name}.", myTables: "Minhas mesas", noTables: "Nenhuma mesa ainda.",
    rename: "Mudar o nome", newName: "Novo nome", save: "Salvar", exportData: "Baixar meus dados (JSON)",
    deleteAccount: "Apagar a conta", deleteConfirm: "Apagar a conta? Suas mesas continuam para os outros, com você como jogador apagado.",
    deleteHelp: "Seus lugares ficam nas partidas como jogador apagado; as partidas e os replays continuam para os outros.",
    renamed: "Nome mudado.", seatOf: "lugar {n}",
    status_open: "aberta", status_running: "em jogo", status_finished: "terminada",
  },
  en: {
    account: "My account", accountTitle: "Account", signUp: "Create an account", signIn: "Sign in", signOut: "Sign out",
    signOutEverywhere: "Sign out on every device", password: "Password", accountName: "Name",
    passwordHelp: "At least 8 characters.", signUpHelp: "The tables you played in this browser move to your account.",
    signedInAs: "You are signed in as {name}.", myTables: "My tables", noTables: "No tables yet.",
    rename: "Change the name", newName: "New name", save: "Save", exportData: "Download my data (JSON)",
    deleteAccount: "Delete the account", deleteConfirm: "Delete the account? Your tables go on for the others, with you as a deleted player.",
    deleteHelp: "Your seats stay in their games as a deleted player; the games and replays go on for the others.",
    renamed: "Name changed.", seatOf: "seat {n}",
    status_open: "open", status_running: "playing", status_finished: "finished",
  },
};
