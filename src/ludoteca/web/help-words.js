// The words of the help, rules and tutorial modules (added to the client's catalog at import).
import { addWords } from "./i18n.js";

addWords("pt-BR", {
  rules: "Regras", rulesOf: "Regras: {game}", close: "Fechar",
  helpHint: "Passe o mouse, foque com o teclado ou toque e segure um componente para saber o que ele faz.",
  tutorial: "Tutorial", tutorialOf: "Tutorial: {game}", learn: "Aprender a jogar", learnNew: "Primeira vez? Aprenda com uma partida guiada.",
  tutorialNext: "Continuar", tutorialRestart: "Recomeçar", tutorialLeave: "Sair do tutorial",
  tutorialStep: "Passo {i} de {n}", tutorialDone: "Tutorial concluído! Agora é com você.",
  tutorialPlayNow: "Jogar uma partida", tutorialTry: "Neste tutorial, faça: {move}", tutorialTheir: "{who} está jogando…",
  learner: "Jogador", opponent: "Adversário {n}",
  pickConfirm: "Confirme a jogada ou escolha mais cartas", drawPile: "Comprar", fiveCombo: "Combo de 5 diferentes", gameVariants: "Variantes do jogo",
  openN: { one: "{n} mesa aberta", other: "{n} mesas abertas" }, runningN: { one: "{n} mesa em jogo", other: "{n} mesas em jogo" },
  abandonedN: { one: "{n} mesa abandonada", other: "{n} mesas abandonadas" }, finishedN: { one: "{n} mesa terminada", other: "{n} mesas terminadas" },
});
addWords("en", {
  rules: "Rules", rulesOf: "Rules: {game}", close: "Close",
  helpHint: "Hover, focus with the keyboard, or touch and hold a component to learn what it does.",
  tutorial: "Tutorial", tutorialOf: "Tutorial: {game}", learn: "Learn to play", learnNew: "First time? Learn with a guided game.",
  tutorialNext: "Continue", tutorialRestart: "Start over", tutorialLeave: "Leave the tutorial",
  tutorialStep: "Step {i} of {n}", tutorialDone: "Tutorial finished! Now it is up to you.",
  tutorialPlayNow: "Play a game", tutorialTry: "In this tutorial, do: {move}", tutorialTheir: "{who} is playing…",
  learner: "Player", opponent: "Opponent {n}",
  pickConfirm: "Confirm the move or pick more cards", drawPile: "Draw", fiveCombo: "5-different combo", gameVariants: "Game variants",
  openN: { one: "{n} open table", other: "{n} open tables" }, runningN: { one: "{n} table playing", other: "{n} tables playing" },
  abandonedN: { one: "{n} abandoned table", other: "{n} abandoned tables" }, finishedN: { one: "{n} finished table", other: "{n} finished tables" },
});
