/**
 * The board's pan and zoom: which part of the board's drawing the screen shows, as an SVG
 * viewBox. Zoom runs from the whole board (1) to four times closer; panning never leaves
 * the board. Pointer drag, the wheel, the keyboard (+ / - / 0 / arrows) and the zoom buttons
 * all end here, so they agree.
 */

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** One press of + or −, one wheel notch. */
export const ZOOM_STEP = 1.25;
/** One press of an arrow: an eighth of what is in view. */
const PAN_STEP = 1 / 8;

export class BoardCamera {
  zoom = $state(1);
  /** The top-left corner in view, in the drawing's units. */
  x = $state(0);
  y = $state(0);

  constructor(private readonly size: () => { width: number; height: number }) {}

  get #w(): number {
    return this.size().width / this.zoom;
  }
  get #h(): number {
    return this.size().height / this.zoom;
  }

  /** The SVG viewBox of what is in view. */
  get viewBox(): string {
    // Read while drawing: clamped here without writing state (the board may have shrunk).
    const { x, y } = this.#clamped();
    return `${x} ${y} ${this.#w} ${this.#h}`;
  }

  get zoomed(): boolean {
    return this.zoom > MIN_ZOOM;
  }

  /** The view's corner kept on the board. */
  #clamped(): { x: number; y: number } {
    const { width, height } = this.size();
    return {
      x: Math.min(Math.max(0, this.x), Math.max(0, width - this.#w)),
      y: Math.min(Math.max(0, this.y), Math.max(0, height - this.#h)),
    };
  }
  #clamp(): void {
    const { x, y } = this.#clamped();
    this.x = x;
    this.y = y;
  }

  /** Zooms by `factor`, keeping the drawing's point `at` (default: the middle) where it is. */
  zoomBy(factor: number, at?: { x: number; y: number }): void {
    const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, this.zoom * factor));
    if (next === this.zoom) return;
    this.#clamp();
    const px = at?.x ?? this.x + this.#w / 2;
    const py = at?.y ?? this.y + this.#h / 2;
    // The point's share of the view stays the same across the zoom.
    const fx = (px - this.x) / this.#w;
    const fy = (py - this.y) / this.#h;
    this.zoom = next;
    this.x = px - fx * this.#w;
    this.y = py - fy * this.#h;
    this.#clamp();
  }

  /** Moves the view by this much of the drawing. */
  panBy(dx: number, dy: number): void {
    this.#clamp();
    this.x += dx;
    this.y += dy;
    this.#clamp();
  }

  reset(): void {
    this.zoom = 1;
    this.x = 0;
    this.y = 0;
  }

  /**
   * A key the board answers (+ / = / - / 0 / arrows): true when it was one, so the caller
   * stops the page from scrolling.
   */
  key(key: string): boolean {
    switch (key) {
      case '+':
      case '=':
        this.zoomBy(ZOOM_STEP);
        return true;
      case '-':
      case '_':
        this.zoomBy(1 / ZOOM_STEP);
        return true;
      case '0':
        this.reset();
        return true;
      case 'ArrowLeft':
        this.panBy(-this.#w * PAN_STEP, 0);
        return true;
      case 'ArrowRight':
        this.panBy(this.#w * PAN_STEP, 0);
        return true;
      case 'ArrowUp':
        this.panBy(0, -this.#h * PAN_STEP);
        return true;
      case 'ArrowDown':
        this.panBy(0, this.#h * PAN_STEP);
        return true;
      default:
        return false;
    }
  }
}

/** A zone's rectangle on the grid, in cells. */
export interface GridRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The viewBox that fits the zones in use, with `margin` cells around them: the stream
 * overlay shows the scene's zones filling its area, not the whole grid they sit on.
 * The whole `fallback` when there are no zones.
 */
export function fittedViewBox(
  zones: readonly GridRect[],
  cell: number,
  fallback: { width: number; height: number },
  margin = 0.5,
): string {
  if (zones.length === 0) return `0 0 ${fallback.width} ${fallback.height}`;
  const left = Math.max(0, Math.min(...zones.map((z) => z.x)) - margin);
  const top = Math.max(0, Math.min(...zones.map((z) => z.y)) - margin);
  const right = Math.max(...zones.map((z) => z.x + z.w)) + margin;
  const bottom = Math.max(...zones.map((z) => z.y + z.h)) + margin;
  return `${left * cell} ${top * cell} ${(right - left) * cell} ${(bottom - top) * cell}`;
}

/** A pointer's place on the screen. */
interface ScreenPoint {
  clientX: number;
  clientY: number;
}

/**
 * Two fingers on the board zoom it (a pinch): the pointers down on it, and, when two of them
 * move, how much farther apart they went and the screen point between them, for
 * `BoardCamera.zoomBy`. A third finger is ignored.
 */
export class Pinch {
  #points = new Map<number, ScreenPoint>();

  /** Two fingers are down: the board zooms instead of panning or dragging. */
  get active(): boolean {
    return this.#points.size === 2;
  }

  down(id: number, p: ScreenPoint): void {
    if (this.#points.size < 2) this.#points.set(id, { clientX: p.clientX, clientY: p.clientY });
  }

  /** A pointer moved: the zoom factor and its centre while two fingers pinch, else undefined. */
  move(id: number, p: ScreenPoint): { factor: number; at: ScreenPoint } | undefined {
    const before = this.#points.get(id);
    if (!before) return undefined;
    const other = [...this.#points].find(([key]) => key !== id)?.[1];
    this.#points.set(id, { clientX: p.clientX, clientY: p.clientY });
    if (!other || !this.active) return undefined;
    const apart = (a: ScreenPoint) =>
      Math.hypot(a.clientX - other.clientX, a.clientY - other.clientY);
    const was = apart(before);
    const now = apart(p);
    if (was < 1 || now < 1) return undefined;
    return {
      factor: now / was,
      at: { clientX: (p.clientX + other.clientX) / 2, clientY: (p.clientY + other.clientY) / 2 },
    };
  }

  up(id: number): void {
    this.#points.delete(id);
  }
}
