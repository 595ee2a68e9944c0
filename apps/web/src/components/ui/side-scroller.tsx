import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { cn } from '../../lib/utils';

/** Which sides of a sideways scroller hold content out of sight. */
interface CutEdges {
  start: boolean;
  end: boolean;
}

/** Follows a scroller's cut edges as it scrolls, resizes or its content changes. */
function useCutEdges(scroller: RefObject<HTMLElement | null>): CutEdges {
  const [edges, setEdges] = useState<CutEdges>({ start: false, end: false });
  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    // A pixel of slack: zoomed pages report fractional scroll positions.
    const start = el.scrollLeft > 1;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((was) => (was.start === start && was.end === end ? was : { start, end }));
  }, [scroller]);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    // jsdom (unit tests) has no ResizeObserver; a browser always does.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    // The scroller's box and its content's: counts arriving in the tabs widen the content, not the box.
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [scroller, measure]);
  return edges;
}

/** Content fades out on each cut side, so a clipped row reads as "more this way" rather than as the end. */
function fadeMask({ start, end }: CutEdges): CSSProperties | undefined {
  if (!start && !end) return undefined;
  const mask = `linear-gradient(to right, ${start ? 'transparent, #000 2.5rem' : '#000'}, ${end ? '#000 calc(100% - 2.5rem), transparent' : '#000'})`;
  return { maskImage: mask, WebkitMaskImage: mask };
}

/**
 * Content that scrolls sideways when it does not fit (tabs, tables at 360 px), with a cue on each cut edge.
 * `buttons` (a row of tabs): the content fades out there and a chevron button scrolls on by most of a
 * width; the chevrons are for pointers only (hidden from assistive tech, out of the tab order): keyboard
 * focus scrolls on its own. `shadow` (a table, taller than a screen, where a centred button would be out
 * of sight): a shadow along the cut edge, as if the rest were tucked under it.
 * The content should be one element as wide as what it holds (`w-max`), so its growth is seen.
 * `scrollerRef` lets the owner scroll a child into view (the selected tab).
 */
export function SideScroller({
  children,
  className,
  scrollerClassName,
  scrollerRef,
  cue = 'buttons',
}: {
  children: ReactNode;
  className?: string;
  scrollerClassName?: string;
  scrollerRef?: RefObject<HTMLDivElement | null>;
  cue?: 'buttons' | 'shadow';
}) {
  const ownRef = useRef<HTMLDivElement>(null);
  const ref = scrollerRef ?? ownRef;
  const edges = useCutEdges(ref);
  const scrollBy = (direction: -1 | 1) => {
    const el = ref.current;
    if (el) el.scrollBy({ left: direction * Math.max(80, el.clientWidth * 0.7), behavior: 'smooth' });
  };
  return (
    <div className={cn('relative min-w-0', className)} data-cut-start={edges.start || undefined} data-cut-end={edges.end || undefined}>
      <div ref={ref} className={cn('overflow-x-auto [scrollbar-width:thin]', scrollerClassName)} style={cue === 'buttons' ? fadeMask(edges) : undefined}>
        {children}
      </div>
      {(['start', 'end'] as const).map((side) =>
        !edges[side] ? null : cue === 'buttons' ? (
          <EdgeButton key={side} side={side} onClick={() => scrollBy(side === 'start' ? -1 : 1)} />
        ) : (
          <EdgeShadow key={side} side={side} />
        ),
      )}
    </div>
  );
}

function EdgeShadow({ side }: { side: 'start' | 'end' }) {
  return (
    <div
      aria-hidden="true"
      data-scroll-cue={side}
      className={cn(
        'pointer-events-none absolute inset-y-0 w-5 from-slate-900/15 to-transparent',
        side === 'start' ? 'left-0 rounded-l-xl bg-linear-to-r' : 'right-0 rounded-r-xl bg-linear-to-l',
      )}
    />
  );
}

function EdgeButton({ side, onClick }: { side: 'start' | 'end'; onClick: () => void }) {
  const Icon = side === 'start' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-hidden="true"
      data-scroll-cue={side}
      onClick={onClick}
      className={cn(
        'absolute top-1/2 flex h-7 w-7 -translate-y-1/2 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-600 shadow-sm hover:text-slate-900',
        side === 'start' ? 'left-0' : 'right-0',
      )}
    >
      <Icon className="h-4 w-4" />
    </button>
  );
}
