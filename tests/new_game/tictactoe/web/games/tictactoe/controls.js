// Tic-tac-toe has no controls of its own: the shell's are all it needs.
export const CONTROLS = {};
