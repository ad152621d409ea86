// The one throttle between the console and the terminal: Ink writes at most
// this many frames a second, however many store batches or keys arrive. At
// 30 a key pressed just after a clock tick waited up to 33 ms for its frame;
// at 60 the wait is at most 17 ms, and bursts still coalesce.
export const MAX_FPS = 60;
