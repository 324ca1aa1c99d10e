package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.app.Environment;
import dev.repofix.config.HostEnvironment;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The help a new user reads first: summaries that fit, descriptions that picocli wraps at words. */
class HelpTextTest {
    private static final int COLUMNS = 80;

    @TempDir
    Path temp;

    private CommandLine root() {
        return Cli.commandLine(new Environment(new HostEnvironment(Map.of()), Clock.systemUTC(), temp, false));
    }

    /** Every command under {@code cl}, itself included. */
    private static List<CommandLine> all(CommandLine cl) {
        List<CommandLine> out = new ArrayList<>(List.of(cl));
        cl.getSubcommands().values().forEach(sub -> out.addAll(all(sub)));
        return out;
    }

    private static String help(CommandLine cl) {
        cl.setUsageHelpAutoWidth(false);
        cl.setUsageHelpWidth(COLUMNS);
        StringWriter out = new StringWriter();
        cl.usage(new PrintWriter(out));
        return out.toString();
    }

    @Test
    void everyCommandListedHasAOneSentenceSummaryThatFitsItsLine() {
        for (CommandLine parent : all(root())) {
            if (parent.getSubcommands().isEmpty()) {
                continue;
            }
            String help = help(parent);
            List<String> listing = help.substring(help.indexOf("Commands:\n") + "Commands:\n".length()).lines()
                    .toList();
            for (String name : parent.getSubcommands().keySet()) {
                String entry = listing.stream().filter(l -> l.startsWith("  " + name + " ")).findFirst().orElseThrow();
                assertThat(entry.strip()).as(parent.getCommandName() + " --help lists " + name).endsWith(".");
                assertThat(entry.length()).isLessThanOrEqualTo(COLUMNS);
            }
            assertThat(listing).as(parent.getCommandName() + ": no summary runs onto a second line")
                    .noneMatch(l -> l.startsWith("    "));
        }
    }

    @Test
    void noDescriptionIsBrokenMidSentenceByAHardLineBreak() {
        for (CommandLine cl : all(root())) {
            for (String paragraph : cl.getCommandSpec().usageMessage().description()) {
                assertThat(paragraph).as(cl.getCommandSpec().qualifiedName()).doesNotContain("%n")
                        .doesNotContain("\n").matches("(?s).*[.:!?)]$");
            }
        }
    }

    @Test
    void fixHelpWrapsItsDescriptionAtWordsWithinTheWidth() {
        CommandLine fix = root().getSubcommands().get("fix");

        String help = help(fix);

        assertThat(help.lines()).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(COLUMNS));
        String description = help.substring(help.indexOf("\nRuns the tests"), help.indexOf("\n      --api-key-env"));
        assertThat(description.replaceAll("\\s+", " ")).contains("points at the suspected lines and searches");
        assertThat(description).doesNotContain("suspected\n");
        assertThat(help).as("a path is not cut at its dot").contains("default .repofix/history.db");
    }

    @Test
    void helpFollowsTheTerminalWidth() {
        assertThat(root().isUsageHelpAutoWidth()).isTrue();
    }
}
