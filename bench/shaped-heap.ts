// Imported last by each bench child that stands for the console: the heap
// shaped as the shipped console shapes it (src/cli/heap-shape.ts), once the
// modules are loaded and before the child's own work, as the console does
// once its first frame is drawn.
import { shapeHeap } from '../src/cli/heap-shape.js';

shapeHeap();
