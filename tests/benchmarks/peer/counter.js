// The peer's game: a counter. One move, `increment`, checked by the server only
// (`client: false`: no optimistic update, so a client learns the result from the server's push,
// as a client of ours does). Every turn is one move, so the seats take turns.
const increment = {
  move: ({ G }) => ({ value: G.value + 1 }),
  client: false,
};

// A match ends after MOVES_PER_MATCH moves and its driver starts the next. boardgame.io's in-memory
// storage copies a match's whole log on every move, so an endless match would slow down with its
// length; 1,000 moves keep that copy small and the reconnections of a new match rare.
const MOVES_PER_MATCH = 1000;

const Counter = {
  name: 'counter',
  setup: () => ({ value: 0 }),
  moves: { increment },
  turn: { minMoves: 1, maxMoves: 1 },
  endIf: ({ G }) => (G.value >= MOVES_PER_MATCH ? { moves: G.value } : undefined),
};

module.exports = { Counter, MOVES_PER_MATCH };
