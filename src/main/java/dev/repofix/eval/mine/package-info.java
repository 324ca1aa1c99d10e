/**
 * Cases mined from a repository's history: fix commits and their tests (JGit), the
 * issues they close (GitHub, GitLab), and the fixes verified by running their tests.
 */
package dev.repofix.eval.mine;
