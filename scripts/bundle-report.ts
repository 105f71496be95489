// After `vite build`: prints each route's initial JavaScript, gzipped (needs build.manifest).
import { formatRouteSizes, routeSizes } from './bundle/route-sizes';

console.log(formatRouteSizes(routeSizes(process.argv[2] ?? 'dist/client')));
