// How a Chinese checkers move or forced pass just played is shown: the hop
// path animated, its sound and announcement, a pass told, and the seats the
// move brought home.

// app: the checkers controller; before and snap: the live game before and after.
export function presentCheckersMove(app, before, snap) {
  app.view.entry = null;
  const move = snap.moves[snap.moves.length - 1];
  if (move && !move.pass) {
    app.view.animation = app.animate(move.path, move.player);
    app.sound.play(move.path.length >= 4 ? 'capture' : 'move');
    app.announce(`${app.sideName(move.player)} ${move.text}`);
    app.emit('move', {
      from: move.from,
      to: move.to,
      path: move.path.slice(),
      text: move.text,
      player: move.player,
      ply: snap.ply,
    });
  } else if (move) {
    const notice = app.i18n.t('ccPasses', { side: app.sideName(move.player) });
    app.toast(notice);
    app.announce(notice);
    app.emit('pass', { player: move.player, ply: snap.ply });
  }
  for (const seat of snap.seats) {
    const was = before.seats.find((s) => s.player === seat.player);
    if (seat.finished && was && !was.finished && !snap.status.over) {
      app.toast(app.i18n.t('seatHome', { side: app.sideName(seat.player), n: seat.place }));
      app.emit('finished', { player: seat.player, place: seat.place });
    }
  }
}
