"""Page Imports: a page's front-end code, stored content-addressed with a manifest."""
