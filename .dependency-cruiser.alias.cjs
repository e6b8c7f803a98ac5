// Resolver aliases for dependency-cruiser only: maps SvelteKit's $lib the way Vite does.
const path = require('node:path');
module.exports = { resolve: { alias: { $lib: path.resolve(__dirname, 'src/lib') } } };
