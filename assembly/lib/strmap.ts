// A string -> i32 map for lookups (no iteration order is offered, so nothing can depend on one):
// open addressing over hashes kept beside the keys, so growing never hashes a key again, and a key
// is also found by a range of a longer string (getRange) without making the substring. The hash is
// FNV-1a over the UTF-16 units, four at a time (a xor and a multiplication): the standard Map hashes with
// xxhash, whose rotations the baseline (Liftoff) compiler calls out to C for, and hashes every key
// again on each growth (issue 39 item 5: a third of memory-index's time in the core).
import { i32sAddr, strAddr } from "./mem";

function hashRange(s: string, from: i32, to: i32): u32 {
  // four units (eight bytes) per step, then the last ones: FNV-1a's xor and multiply on 64 bits
  let p = strAddr(s) + (<usize>from << 1);
  const end = strAddr(s) + (<usize>to << 1);
  let h: u64 = 0xcbf29ce484222325;
  for (; p + 8 <= end; p += 8) h = (h ^ load<u64>(p)) * 0x100000001b3;
  for (; p < end; p += 2) h = (h ^ <u64>load<u16>(p)) * 0x100000001b3;
  return <u32>(h ^ (h >> 32));
}

/** The units of key equal s[from, to). */
function sameRange(key: string, s: string, from: i32, to: i32): bool {
  const n = to - from;
  if (key.length != n) return false;
  return memory.compare(strAddr(key), strAddr(s) + (<usize>from << 1), <usize>n << 1) == 0;
}

export class StrMap {
  private keys: string[] = [];
  /** Per entry: its hash and its value (one buffer, grown by doubling). */
  private meta: StaticArray<i32> = new StaticArray<i32>(16);
  /** Slots: entry number + 1, 0 = empty; a power of two, at most half full. */
  private slots: StaticArray<i32> = new StaticArray<i32>(16);
  private mask: u32 = 15;

  get size(): i32 {
    return this.keys.length;
  }

  /** The slot holding s[from, to), or the empty slot where it would go. */
  private slot(s: string, from: i32, to: i32, h: u32): i32 {
    let i = h & this.mask;
    let e = unchecked(this.slots[i]);
    while (e != 0) {
      const k = e - 1;
      if (<u32>unchecked(this.meta[k << 1]) == h && sameRange(unchecked(this.keys[k]), s, from, to)) break;
      i = (i + 1) & this.mask;
      e = unchecked(this.slots[i]);
    }
    return <i32>i;
  }

  /** The value of the key s[from, to), or -1 when it is absent. */
  getRange(s: string, from: i32, to: i32): i32 {
    const e = unchecked(this.slots[this.slot(s, from, to, hashRange(s, from, to))]);
    return e == 0 ? -1 : unchecked(this.meta[((e - 1) << 1) + 1]);
  }

  /** The value of `key`, or -1 when it is absent. */
  get(key: string): i32 {
    return this.getRange(key, 0, key.length);
  }

  /** Whether `key` is present (whatever its value). */
  has(key: string): bool {
    return unchecked(this.slots[this.slot(key, 0, key.length, hashRange(key, 0, key.length))]) != 0;
  }

  /** Set the value of `key` (a present key's value is replaced, as Map#set does). */
  set(key: string, value: i32): void {
    const h = hashRange(key, 0, key.length);
    const i = this.slot(key, 0, key.length, h);
    const e = unchecked(this.slots[i]);
    if (e != 0) {
      unchecked((this.meta[((e - 1) << 1) + 1] = value));
      return;
    }
    const k = this.keys.length;
    this.keys.push(key);
    if ((k << 1) + 2 > this.meta.length) {
      const bigger = new StaticArray<i32>(this.meta.length << 1);
      memory.copy(i32sAddr(bigger), i32sAddr(this.meta), <usize>this.meta.length << 2);
      this.meta = bigger;
    }
    unchecked((this.meta[k << 1] = <i32>h));
    unchecked((this.meta[(k << 1) + 1] = value));
    unchecked((this.slots[i] = k + 1));
    if (<u32>this.keys.length * 2 > this.mask) this.grow();
  }

  private grow(): void {
    const cap = (this.mask + 1) << 1;
    const slots = new StaticArray<i32>(<i32>cap);
    const mask = cap - 1;
    for (let k = 0; k < this.keys.length; k++) {
      let i = <u32>unchecked(this.meta[k << 1]) & mask;
      while (unchecked(slots[i]) != 0) i = (i + 1) & mask;
      unchecked((slots[i] = k + 1));
    }
    this.slots = slots;
    this.mask = mask;
  }
}
