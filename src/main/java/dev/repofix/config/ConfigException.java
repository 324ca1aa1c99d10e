package dev.repofix.config;

/** A flag, variable or config value that cannot be used as given. */
public final class ConfigException extends RepofixException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(ErrorKind.INPUT, message);
    }
}
