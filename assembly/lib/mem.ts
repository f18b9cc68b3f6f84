// Addresses of managed buffers, for raw memory work (load, memory.copy, memory.compare, hashing).
// Rule code under assembly/validators never casts (test/hostile/no-casts-lint.test.ts): it asks for
// the address of a string or buffer here, typed by what it is the address of.

/** Address of a string's UTF-16 code units. */
// @ts-ignore: decorator
@inline export function strAddr(s: string): usize {
  return changetype<usize>(s);
}

/** Address of an ArrayBuffer's bytes. */
// @ts-ignore: decorator
@inline export function bufAddr(b: ArrayBuffer): usize {
  return changetype<usize>(b);
}

/** Address of a StaticArray<i32>'s elements. */
// @ts-ignore: decorator
@inline export function i32sAddr(a: StaticArray<i32>): usize {
  return changetype<usize>(a);
}
