// Placeholder until the BookCaseFeature issue lands; replaced by the module's real files.
