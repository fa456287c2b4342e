// The peer's game: a counter. One move, `increment`, checked by the server only
// (`client: false`: no optimistic update, so a client learns the result from the server's push,
// as a client of ours does). Every turn is one move, so the seats take turns.
const increment = {
  move: ({ G }) => ({ value: G.value + 1 }),
  client: false,
};

const Counter = {
  name: 'counter',
  setup: () => ({ value: 0 }),
  moves: { increment },
  turn: { minMoves: 1, maxMoves: 1 },
};

module.exports = { Counter };
