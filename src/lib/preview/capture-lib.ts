// The rasteriser the screenshot tool sends into a preview frame: modern-screenshot's browser build,
// as text (it runs inside the sandboxed frame, never in the studio). Loaded on the first screenshot only.
import source from 'modern-screenshot/dist/index.js?raw';

export default source;
