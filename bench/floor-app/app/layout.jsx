/**
 * The floor's document: what any App Router page of this `next`/`react` pair ships before a line
 * of its own code (the framework's runtime, the router, React DOM).
 */
export const metadata = { title: '에브리헬스' };

export default function RootLayout({ children }) {
  return (
    <html lang="ko">
      <body>{children}</body>
    </html>
  );
}
