package dev.repofix.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The run a {@code workflow_run} event is about: the workflow that ran the untrusted
 * tests, whose saved report a privileged workflow then publishes.
 *
 * @param headSha      the commit that run tested
 * @param headRepository the repository the tested commit came from ({@code owner/name}; a fork's own)
 * @param pullRequests the pull requests GitHub ties to it; empty for pull requests from forks
 * @param event        the event that started that run, e.g. {@code pull_request}
 */
public record WorkflowRun(String headSha, String headRepository, List<Integer> pullRequests, String event) {
    public WorkflowRun {
        Objects.requireNonNull(headSha, "headSha");
        Objects.requireNonNull(headRepository, "headRepository");
        pullRequests = List.copyOf(pullRequests);
        Objects.requireNonNull(event, "event");
    }

    /**
     * The {@code workflow_run} of this job's event, when the job was started by one.
     *
     * @throws ConfigException when the event file cannot be read, or names no head commit
     */
    public static Optional<WorkflowRun> of(HostEnvironment host) {
        if (!host.get("GITHUB_EVENT_NAME").orElse("").equals("workflow_run")) {
            return Optional.empty();
        }
        JsonNode run = GitHubContext.event(host).path("workflow_run");
        String head = run.path("head_sha").asText("");
        if (!run.isObject() || head.isBlank()) {
            throw new ConfigException("the workflow_run event names no head commit (workflow_run.head_sha); "
                    + "run 'repofix publish' from a job started by 'on: workflow_run'");
        }
        List<Integer> prs = new ArrayList<>();
        run.path("pull_requests").forEach(pr -> {
            if (pr.path("number").canConvertToInt()) {
                prs.add(pr.path("number").asInt());
            }
        });
        return Optional.of(new WorkflowRun(head, run.path("head_repository").path("full_name").asText(""), prs,
                run.path("event").asText("")));
    }
}
