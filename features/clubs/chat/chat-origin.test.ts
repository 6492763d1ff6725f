import { chatNeedsTicket } from './chat-origin';

describe('chatNeedsTicket', () => {
  const page = 'https://everyhealth.vercel.app';

  it('asks for a ticket only when CHAT_URL is another origin than the page', () => {
    expect(chatNeedsTicket('https://api.everyhealth.example', page)).toBe(true);
    // Another port or scheme is another origin too.
    expect(chatNeedsTicket('https://everyhealth.vercel.app:8443', page)).toBe(true);
    expect(chatNeedsTicket('http://everyhealth.vercel.app', page)).toBe(true);
    expect(chatNeedsTicket('http://127.0.0.1:8280', 'http://localhost:3202')).toBe(true);
  });

  it('keeps the cookie on the same origin: no CHAT_URL, or one naming the page itself', () => {
    expect(chatNeedsTicket('', page)).toBe(false);
    expect(chatNeedsTicket('https://everyhealth.vercel.app', page)).toBe(false);
    expect(chatNeedsTicket('https://everyhealth.vercel.app/base', page)).toBe(false);
    expect(chatNeedsTicket('/relative', page)).toBe(false);
  });
});
