export const deletion = {
  success: "Профиль полностью удален",
  failed: (message: string) => `Не удалось удалить профиль: ${message}`,
  // The original specification's partial-deletion state cannot happen (deletion is one
  // transaction: docs/product.md); the strings are kept only so the catalogue mirrors it.
  partialTitle: "Профиль частично удален",
  partialText: "Ваши данные удалены, но для полного удаления аккаунта обратитесь к администратору",
  /** Why in our words, after failed: the database's own never reaches the page. */
  nothingDeleted: "ничего не удалено, попробуйте еще раз чуть позже",
} as const;
