/**
 * Scores: localization, patch and issue figures from results (pure), their aggregates
 * and correlations, the LLM issue judge, and the report (Markdown, JSON, CSV, sweep
 * chart).
 */
package dev.repofix.eval.score;
