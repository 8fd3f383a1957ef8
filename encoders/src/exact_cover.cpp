// placeholder: filled in by the exact-cover work
