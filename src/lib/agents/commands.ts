// The command library: example prompts shown as one-click examples in the Agent panel. A test proves
// each names only catalog tools and that the local agent's plan for it is exactly `expectedChain`.

/** One example prompt. */
export interface CommandExample {
	prompt: string;
	/** The tools the example is about. */
	tools: string[];
	/** The exact chain of calls the local agent makes for it. */
	expectedChain: string[];
	difficulty: 'easy' | 'medium' | 'hard';
}

export const COMMAND_LIBRARY: readonly CommandExample[] = [
	{ prompt: 'status', tools: ['workspace_get_status'], expectedChain: ['workspace_get_status'], difficulty: 'easy' },
	{ prompt: 'list files', tools: ['workspace_list_files'], expectedChain: ['workspace_list_files'], difficulty: 'easy' },
	{ prompt: 'read index.html', tools: ['workspace_read_file'], expectedChain: ['workspace_read_file'], difficulty: 'easy' },
	{ prompt: 'open styles.css', tools: ['workspace_open_file'], expectedChain: ['workspace_open_file'], difficulty: 'easy' },
	{ prompt: 'make the theme teal', tools: ['preview_set_theme'], expectedChain: ['workspace_get_status', 'preview_set_theme'], difficulty: 'easy' },
	{ prompt: 'set the hero title to "Fresh from the oven"', tools: ['preview_update_hero'], expectedChain: ['workspace_get_status', 'preview_update_hero'], difficulty: 'easy' },
	{ prompt: 'add a feature card Delivery: To your door by 8', tools: ['preview_add_feature'], expectedChain: ['workspace_get_status', 'preview_add_feature'], difficulty: 'easy' },
	{ prompt: 'refresh the preview', tools: ['preview_refresh'], expectedChain: ['preview_refresh'], difficulty: 'easy' },
	{
		prompt: 'replace "every morning" with "all day long" in index.html',
		tools: ['workspace_read_file', 'workspace_apply_patch'],
		expectedChain: ['workspace_read_file', 'workspace_apply_patch'],
		difficulty: 'medium'
	},
	{
		prompt: 'create about.html with <h1>About us</h1> then open about.html',
		tools: ['workspace_create_file', 'workspace_open_file'],
		expectedChain: ['workspace_get_status', 'workspace_create_file', 'workspace_open_file'],
		difficulty: 'medium'
	},
	{
		prompt: 'create contact.html with <h1>Contact us</h1> and create thanks.html with <h1>Thank you</h1>',
		tools: ['workspace_apply_changes'],
		expectedChain: ['workspace_get_status', 'workspace_apply_changes'],
		difficulty: 'medium'
	},
	{ prompt: 'rename about.html to team.html', tools: ['workspace_rename_file'], expectedChain: ['workspace_get_status', 'workspace_rename_file'], difficulty: 'medium' },
	{ prompt: 'delete team.html', tools: ['workspace_delete_file'], expectedChain: ['workspace_get_status', 'workspace_delete_file'], difficulty: 'medium' },
	{ prompt: 'make the theme indigo in dark mode and set the subtitle to "Open every day"', tools: ['preview_set_theme', 'preview_update_hero'], expectedChain: ['workspace_get_status', 'preview_set_theme', 'preview_update_hero'], difficulty: 'medium' },
	{ prompt: 'undo', tools: ['workspace_undo'], expectedChain: ['workspace_get_status', 'workspace_undo'], difficulty: 'easy' },
	{ prompt: 'redo', tools: ['workspace_redo'], expectedChain: ['workspace_get_status', 'workspace_redo'], difficulty: 'easy' },
	{ prompt: 'search for "hero"', tools: ['workspace_search'], expectedChain: ['workspace_search'], difficulty: 'easy' },
	{ prompt: 'reset the site', tools: ['workspace_reset'], expectedChain: ['workspace_get_status', 'workspace_reset'], difficulty: 'hard' },
	{ prompt: 'save to folder', tools: ['workspace_save_all'], expectedChain: ['workspace_get_status', 'workspace_save_all'], difficulty: 'hard' }
];
