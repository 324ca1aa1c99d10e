package dev.repofix.repair.source;

import dev.repofix.workspace.Language;
import java.util.Objects;
import java.util.Optional;

/**
 * The lexical details within a {@link SourceLanguage} that decide where literals end;
 * chosen from the file extension because C-like languages disagree on quotes.
 *
 * @param language           the language family
 * @param singleQuoteStrings {@code '...'} is a string (JavaScript, TypeScript, Groovy), not a char
 * @param backtickEscapes    a backslash escapes inside {@code `...`} (template literals); false for Go raw strings
 * @param rustStrings        Rust: {@code r#"..."#} raw strings, and plain strings may span lines
 */
record Dialect(SourceLanguage language, boolean singleQuoteStrings, boolean backtickEscapes, boolean rustStrings) {
    Dialect {
        Objects.requireNonNull(language, "language");
    }

    static Dialect of(String path, SourceLanguage language) {
        Optional<Language> l = Language.ofPath(path);
        boolean singleQuotes = l.equals(Optional.of(Language.JAVASCRIPT))
                || SourceLanguage.extension(path).equals("groovy");
        return new Dialect(language, singleQuotes, !l.equals(Optional.of(Language.GO)),
                l.equals(Optional.of(Language.RUST)));
    }
}
