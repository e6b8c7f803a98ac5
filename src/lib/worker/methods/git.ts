// Hub methods: the workspace's git link (link, unlink, what it is). Commit, push and pull are tools.
import { gitUnavailable } from '../hub-git';
import type { GitLinkInput, GitLinkView } from '../../runtime/git/link';
import type { HubBackend } from '../protocol';
import type { HubContext } from './context';

/** The git link methods. */
export function gitMethods({ parts }: HubContext) {
	const git = () => {
		if (!parts.git) throw gitUnavailable();
		return parts.git;
	};
	return {
		async gitLink(): Promise<GitLinkView> {
			return parts.git ? parts.git.view() : { linked: false, hasToken: false };
		},
		setGitLink(input: GitLinkInput): Promise<GitLinkView> {
			return git().link(input);
		},
		unlinkGit(): Promise<GitLinkView> {
			return git().unlink();
		}
	} satisfies Partial<HubBackend>;
}
