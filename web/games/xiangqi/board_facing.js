// Which way the xiangqi board faces (settings.flipped: black at the bottom):
// towards the human at a new game, towards the page's own seat online, or
// turned by the player.

// A new game faces the human when only black is human.
export function faceHuman(app) {
  app.settings.flipped = app.seats.players[0] === 'ai' && app.seats.players[1] === 'human';
}

// Online, the board faces the seat this page plays (black at the bottom for seat 1).
export function faceSeat(app, seat) {
  app.settings.flipped = seat === 1;
}

// The player's flip button.
export function flip(app) {
  app.settings.flipped = !app.settings.flipped;
  app.persist();
  app.refresh();
  app.emit('flip', { flipped: app.settings.flipped });
}
