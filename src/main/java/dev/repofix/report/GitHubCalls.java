package dev.repofix.report;

import java.io.IOException;
import java.util.List;
import org.kohsuke.github.GHException;
import org.kohsuke.github.HttpException;

/** How a call to GitHub that fails becomes a warning. Pure static functions. */
final class GitHubCalls {
    private GitHubCalls() {}

    /** One call to GitHub through github-api. */
    interface Call {
        void run() throws IOException;
    }

    /** Runs {@code call}; what GitHub refuses becomes a warning that names {@code what}. */
    static void attempt(Call call, String what, List<String> warnings) {
        try {
            call.run();
        } catch (IOException e) {
            warnings.add("could not post " + what + ": " + reason(e));
        } catch (GHException e) {
            // github-api's paged lists wrap the IOException of a page in this unchecked one.
            warnings.add("could not post " + what + ": " + (e.getCause() instanceof IOException io ? reason(io)
                    : firstLine(e.getMessage())));
        }
    }

    /** A warning's reason, with the next step for the answers a workflow can fix. */
    static String reason(IOException e) {
        if (e instanceof java.io.FileNotFoundException) {
            // github-api's GHFileNotFoundException: what it raises for HTTP 404.
            return "not found (HTTP 404): the pull request or repository is gone, or the token cannot see it";
        }
        if (e instanceof HttpException h) {
            int code = h.getResponseCode();
            String msg = firstLine(h.getMessage());
            if (code == 403 && msg.contains("not accessible by integration")) {
                return "the token is read-only (a pull request from a fork?): use the two-workflow pattern in"
                        + " workflows-examples/, or grant pull-requests: write and checks: write";
            }
            if (code == 404) {
                return "not found (HTTP 404): the pull request or repository is gone, or the token cannot see it";
            }
            if (code == 403 || code == 429) {
                return "GitHub still limits the rate after waiting (HTTP " + code + "): " + msg;
            }
            return "HTTP " + code + ": " + msg;
        }
        return firstLine(String.valueOf(e.getMessage()));
    }

    static String abbreviated(String sha) {
        return sha.substring(0, Math.min(12, sha.length()));
    }

    static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return Texts.oneLine(nl < 0 ? s : s.substring(0, nl), 300);
    }
}
