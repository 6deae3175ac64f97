// Placeholder until the Composable issue lands; replaced by the module's real files.
