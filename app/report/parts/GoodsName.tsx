/**
 * A goods name in a report row, linked to the goods detail page (rules 24–25; issue 24 item 10), where
 * 打印价签 lives. The link comes from the page through a context: tables outside the app (stories) show
 * the name as text.
 */
import { createContext, useContext, type MouseEvent } from 'react';

export interface GoodsLinks {
  href(skuNo: string): string;
  open(path: string): void;
}

export const GoodsLinksContext = createContext<GoodsLinks | null>(null);

export function GoodsName({ skuNo, text }: { skuNo: string; text: string }) {
  const links = useContext(GoodsLinksContext);
  if (!links) return <>{text}</>;
  const href = links.href(skuNo);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    // a plain click stays in the app (its tabs); a modified click opens the browser's own way
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    links.open(href);
  };
  return (
    <a href={href} onClick={follow} data-testid="goods-link">
      {text}
    </a>
  );
}
