package dev.repofix.report;

import java.util.List;

/**
 * What a reporter did: what it posted (links or ids) and warnings. A warning never
 * fails the run: the report is always in the job summary and the output folder too.
 */
public record Publication(List<String> posted, List<String> warnings) {
    public Publication {
        posted = List.copyOf(posted);
        warnings = List.copyOf(warnings);
    }
}
