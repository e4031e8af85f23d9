// How many stone dots fit whole in a box. Pure: board.js measures the box, Node's tests check the sum.

// Dots of `dot` px with `gap` px between them, wrapped in rows, in a box `width` x `height` px:
// as many whole rows of whole dots as there is room for (half a pixel kept for rounding).
export function dotsThatFit(width, height, dot, gap) {
  if (!(dot > 0) || !(width > 0) || !(height > 0)) return 0;
  const g = Math.max(0, gap || 0);
  const across = Math.floor((width - 0.5 + g) / (dot + g));
  const down = Math.floor((height - 0.5 + g) / (dot + g));
  return Math.max(0, across) * Math.max(0, down);
}
