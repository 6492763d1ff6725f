/** @jest-environment node */
import { replacedQueryParameter } from './query-text';

describe('replacedQueryParameter', () => {
  it('names the parameter whose value Next turned into U+FFFD', () => {
    // What `?name=%E0%A4%A` and `?q=%ED%A0%80` (a lone surrogate) reach a route handler as.
    expect(replacedQueryParameter('?name=%EF%BF%BD%25A')).toBe('name');
    expect(replacedQueryParameter('?a=1&q=%ef%bf%bd%ef%bf%bd%ef%bf%bd')).toBe('q');
    expect(replacedQueryParameter('?a=1&q=x\uFFFDy')).toBe('q');
  });

  it('says `query` when the name itself is the broken part', () => {
    expect(replacedQueryParameter('?%EF%BF%BD=1')).toBe('query');
    expect(replacedQueryParameter('?%EF%BF%BD')).toBe('query');
  });

  it('lets well-formed queries through, Korean and escaped percent signs included', () => {
    expect(replacedQueryParameter('')).toBeNull();
    expect(replacedQueryParameter('?name=%EC%8A%A4%EC%BF%BC%ED%8A%B8&limit=20')).toBeNull();
    expect(replacedQueryParameter('?q=100%25&x=a+b')).toBeNull();
    expect(replacedQueryParameter('?q=%25EF%25BF%25BD')).toBeNull();
  });
});
