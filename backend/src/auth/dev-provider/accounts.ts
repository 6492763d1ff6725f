/**
 * Names typed on the dev sign-in page, kept until the provider asks for the account's claims.
 * In-process only: the development provider runs in one backend instance.
 */
export class DevAccounts {
  private readonly accounts = new Map<string, { email: string; name: string }>();

  remember(email: string, name: string): string {
    const sub = email.toLowerCase();
    this.accounts.set(sub, { email: sub, name });
    return sub;
  }

  claims(sub: string): { sub: string; email: string; email_verified: boolean; name: string } {
    const account = this.accounts.get(sub);
    return {
      sub,
      email: account?.email ?? sub,
      email_verified: true,
      name: account?.name ?? sub.split('@')[0],
    };
  }
}
