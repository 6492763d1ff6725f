import Link from 'next/link';
import { connection } from 'next/server';

/**
 * One server-rendered heading and a link. Rendered per request (`connection()`), as every page of
 * the app is (its CSP nonce is new on every request), so the HTML arrives the same way. The link is
 * a `next/link`, as every page of the app navigates with one: its client code (3.3 kB gzip) is
 * part of the floor. A plain <a> would leave that chunk out: about 135 kB, near the 134.6 kB that
 * issue 26 quoted (not measured here).
 */
export default async function FloorPage() {
  await connection();
  return (
    <main>
      <h1>오늘의 운동을 기록하세요</h1>
      <Link href="/">에브리헬스</Link>
    </main>
  );
}
