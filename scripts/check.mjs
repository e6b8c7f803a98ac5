// `npm run check`: svelte-kit sync, svelte-check, ESLint, then the dependency rules. Stops at the first failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const steps = [
	['svelte-kit sync', ['node_modules/@sveltejs/kit/svelte-kit.js', 'sync']],
	['svelte-check', ['node_modules/svelte-check/bin/svelte-check', '--tsconfig', './tsconfig.json', '--threshold', 'error', '--output', 'human']],
	['eslint', ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '.']],
	// Only folders that exist: an empty folder is not in git, and a clean clone must pass.
	['dependency rules', ['node_modules/dependency-cruiser/bin/dependency-cruise.mjs', '--config', '.dependency-cruiser.cjs', ...['src', 'tests', 'scripts', 'bench'].filter((dir) => existsSync(dir))]]
];

for (const [label, args] of steps) {
	console.log(`\n▶ ${label}`);
	const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
	if (result.status !== 0) {
		console.error(`✗ ${label} failed`);
		process.exit(result.status ?? 1);
	}
}
console.log('\n✓ check passed');
