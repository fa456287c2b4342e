// Re-deriving format-5 draws from the seed: LOG-FORMAT.md "Seeds and the generator
// `frontier-sha256-v1`" (the generator, the mixed seed) and "Format 5: draws name their question".
import { canonical } from "./ijson.mjs";
import { concat, sha256 } from "./hashes.mjs";

const TWO_64 = 1n << 64n;

/** One stream: 64-bit words from SHA-256 blocks, each block's words used w3, w2, w1, w0. */
class Stream {
  constructor(key) {
    this.key = key;
    this.block = 0;
    this.words = [];
  }

  async word() {
    if (this.words.length === 0) {
      const digest = new DataView((await sha256(this.key, `\0${this.block++}`)).buffer);
      this.words = [0, 8, 16, 24].map((at) => digest.getBigUint64(at, false));
    }
    return this.words.pop();
  }

  /** below(n): take words until one is < 2^64 - (2^64 mod n); return it mod n. */
  async below(n) {
    const limit = TWO_64 - (TWO_64 % n);
    for (;;) {
      const word = await this.word();
      if (word < limit) return word % n;
    }
  }
}

/** The draws of one counter: stream k is the k-th randint or shuffle. */
export class Generator {
  constructor(seed, key, counter) {
    this.prefix = concat("frontier-rng-v1:", seed, "\0", key, `\0${counter}`);
    this.k = 0;
  }

  stream() {
    return new Stream(concat(this.prefix, `\0${this.k++}`));
  }

  async randint(low, high) {
    return low + Number(await this.stream().below(BigInt(high - low + 1)));
  }

  async shuffle(items) {
    const order = [...items];
    const stream = this.stream();
    for (let i = order.length - 1; i > 0; i--) {
      const j = Number(await stream.below(BigInt(i + 1)));
      [order[i], order[j]] = [order[j], order[i]];
    }
    return order;
  }

  /** The value the seed gives for the question a recorded draw names (the reader checked its shape). */
  async rederive(draw) {
    return draw.op === "randint" ? this.randint(draw.low, draw.high) : this.shuffle(draw.items);
  }
}

/** mixed_seed = SHA-256("frontier-entropy-v1:" ‖ RFC8785([hex(seed), [client seed per seat]])). */
export const mixedSeed = (seedHex, clientSeeds) =>
  sha256("frontier-entropy-v1:", canonical([seedHex, clientSeeds], 2));

/** The number of the first recorded draw (1-based) whose value the seed does not give, or 0. */
export async function firstDifferingDraw(draws, seed, key, counter) {
  const generator = new Generator(seed, key, counter);
  for (const [index, draw] of draws.entries()) {
    const value = await generator.rederive(draw);
    if (canonical(value, 2) !== canonical(draw.value, 2)) return index + 1;
  }
  return 0;
}
