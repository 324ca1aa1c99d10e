package dev.repofix.repair.templates;

import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.source.SourceLanguage;
import dev.repofix.repair.source.Token;
import java.util.List;
import java.util.Map;

/** "logical-op": swaps {@code &&} and {@code ||} (Python: {@code and} and {@code or}), one edit per occurrence. */
public final class LogicalOperatorTemplate implements FixTemplate {
    private static final Map<String, String> C_LIKE_SWAPS = Map.of("&&", "||", "||", "&&");
    private static final Map<String, String> PYTHON_SWAPS = Map.of("and", "or", "or", "and");

    @Override
    public String name() {
        return "logical-op";
    }

    @Override
    public List<LineEdit> propose(SourceFile file, int line) {
        DistinctEdits edits = new DistinctEdits(file, line);
        boolean python = file.language() == SourceLanguage.PYTHON;
        Token.Kind kind = python ? Token.Kind.IDENTIFIER : Token.Kind.OPERATOR;
        Map<String, String> swaps = python ? PYTHON_SWAPS : C_LIKE_SWAPS;
        for (Token token : file.tokens(line)) {
            String swapped = swaps.get(token.text());
            if (token.kind() == kind && swapped != null) {
                edits.replace(token.start(), token.end(), swapped, "`" + token.text() + "` -> `" + swapped + "`");
            }
        }
        return edits.toList();
    }
}
