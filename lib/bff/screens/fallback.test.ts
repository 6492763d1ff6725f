/** @jest-environment node */
import { decoration, settleDecorations } from './fallback';

/** A read that answers when the test says so. */
function later<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((yes) => {
    resolve = yes;
  });
  return { promise, resolve };
}

describe('decoration', () => {
  it('answers the read’s value, and undefined for any failure', async () => {
    expect(await decoration(Promise.resolve(3))).toBe(3);
    expect(await decoration(Promise.resolve(null))).toBeNull();
    expect(await decoration(Promise.reject(new Error('502')))).toBeUndefined();
  });
});

describe('settleDecorations', () => {
  it('hands over what has answered with the first HTML, a null answer included', async () => {
    expect(
      await settleDecorations({
        '/a': decoration(Promise.resolve({ sets: [] })),
        '/b': decoration(Promise.resolve(null)),
      }),
    ).toEqual({ fallback: { '/a': { sets: [] }, '/b': null }, streamed: {} });
  });

  it('leaves a failed one out, for the browser to ask', async () => {
    expect(await settleDecorations({ '/a': decoration(Promise.reject(new Error('502'))) })).toEqual(
      { fallback: {}, streamed: {} },
    );
  });

  it('streams a slow one instead of waiting for it', async () => {
    const slow = later<number>();
    const { fallback, streamed } = await settleDecorations({
      '/fast': decoration(Promise.resolve(1)),
      '/slow': decoration(slow.promise),
    });
    expect(fallback).toEqual({ '/fast': 1 });
    expect(Object.keys(streamed)).toEqual(['/slow']);
    slow.resolve(2);
    expect(await streamed['/slow']).toBe(2);
  });

  it('takes an answer that arrived during the primary reads, however many steps its read had', async () => {
    const read = decoration(
      Promise.resolve(1)
        .then((value) => value)
        .then((value) => value + 1),
    );
    expect(await settleDecorations({ '/a': read })).toEqual({
      fallback: { '/a': 2 },
      streamed: {},
    });
  });
});
