# The Redmine seed of first-sight set 11: Larkspur Bakery Co-op's tracker. Run once per test process by
# apps.mjs (`ruby redmine-serve.rb --seed redmine-seed.rb`) on a copy of the database Debian's `redmine`
# package creates at install time (schema and default data: roles Manager / Developer / Reporter, trackers
# Bug / Feature / Support, the usual statuses and priorities); every instance then gets a copy of the result.
ActiveRecord::Base.transaction do
  Setting.default_language = 'en'
  Setting.app_title = 'Larkspur Bakery Tracker'
  Setting.welcome_text = 'Issues, releases and notes for the Larkspur Bakery Co-op web shop and kitchen.'
  Setting.login_required = '1'
  Setting.self_registration = '0'
  Setting.gravatar_enabled = '0'
  Setting.date_format = '%Y-%m-%d'
  Setting.rest_api_enabled = '0'

  admin = User.find_by_login('admin')
  admin.status = User::STATUS_LOCKED
  admin.must_change_passwd = false
  admin.save!(validate: false)

  mk = lambda do |login, first, last, pass, opts = {}|
    u = User.new(firstname: first, lastname: last, mail: "#{login}@larkspur-bakery.example", language: 'en')
    u.login = login
    u.password = pass
    u.password_confirmation = pass
    u.admin = opts[:admin] || false
    u.must_change_passwd = false
    u.save!
    u.pref.time_zone = 'London'
    u.pref.save!
    u
  end
  helen = mk.call('helen', 'Helen', 'Marsh', 'Sourdough-88', admin: true)
  omar = mk.call('omar', 'Omar', 'Haddad', 'Croissant-21')
  priya = mk.call('priya', 'Priya', 'Nair', 'Baguette-7x')
  tom = mk.call('tom', 'Tom', 'Becker', 'Brioche-450')

  manager = Role.find_by_name('Manager')
  developer = Role.find_by_name('Developer')
  reporter = Role.find_by_name('Reporter')
  bug = Tracker.find_by_name('Bug'); feature = Tracker.find_by_name('Feature'); support = Tracker.find_by_name('Support')
  st = ->(n) { IssueStatus.find_by_name(n) }
  pr = ->(n) { IssuePriority.find_by_name(n) }

  modules = %w[issue_tracking time_tracking wiki repository calendar gantt news files boards]
  shop = Project.new(name: 'Online Shop', identifier: 'online-shop', is_public: true,
                     description: 'The co-op web shop: product pages, basket, checkout and gift cards.')
  shop.enabled_module_names = modules - %w[repository boards]
  shop.trackers = [bug, feature, support]
  shop.save!
  kitchen = Project.new(name: 'Kitchen Equipment', identifier: 'kitchen', is_public: true,
                        description: 'Ovens, proofers, mixers and their servicing.')
  kitchen.enabled_module_names = %w[issue_tracking wiki]
  kitchen.trackers = [bug, support]
  kitchen.save!
  office = Project.new(name: 'Head Office', identifier: 'head-office', is_public: false,
                       description: 'Payroll and supplier contracts (members only).')
  office.enabled_module_names = %w[issue_tracking]
  office.trackers = [support]
  office.save!

  member = ->(user, project, role) { Member.new(user: user, project: project, roles: [role]).save! }
  member.call(helen, shop, manager); member.call(omar, shop, developer); member.call(priya, shop, manager); member.call(tom, shop, reporter)
  member.call(helen, kitchen, manager); member.call(priya, kitchen, reporter); member.call(tom, kitchen, developer)
  member.call(helen, office, manager)

  v14 = Version.create!(project: shop, name: '1.4 Spring menu', effective_date: Date.new(2026, 3, 20), status: 'open', description: 'Seasonal products and checkout fixes')
  v15 = Version.create!(project: shop, name: '1.5 Gift cards', effective_date: Date.new(2026, 6, 1), status: 'open', description: 'Gift cards and pre-orders')
  Version.create!(project: shop, name: '1.3 Winter menu', effective_date: Date.new(2025, 11, 15), status: 'closed', description: 'Christmas range')

  cat_checkout = IssueCategory.create!(project: shop, name: 'Checkout')
  cat_catalogue = IssueCategory.create!(project: shop, name: 'Catalogue')

  issue = lambda do |project, tracker, subject, author, attrs = {}|
    i = Issue.new(project: project, tracker: tracker, subject: subject, author: author,
                  priority: attrs.delete(:priority) || pr.('Normal'), status: attrs.delete(:status) || st.('New'))
    attrs.each { |k, v| i.send("#{k}=", v) }
    i.save!
    i
  end
  # ids 1..8 in the shop, 9..11 in the kitchen, 12 in head office
  i1 = issue.(shop, bug, 'Checkout button does nothing on Safari', priya, priority: pr.('High'), status: st.('In Progress'), assigned_to: omar, fixed_version: v14, category: cat_checkout, start_date: Date.new(2026, 2, 2), due_date: Date.new(2026, 3, 10), done_ratio: 40, estimated_hours: 6,
            description: "On Safari 17 the Pay now button on the checkout page does not react.\n\nSteps:\n# Put a loaf in the basket\n# Go to checkout\n# Press Pay now\n\nNothing happens; Chrome is fine.")
  i2 = issue.(shop, feature, 'Gluten-free filter on the product list', tom, assigned_to: priya, fixed_version: v14, category: cat_catalogue,
            description: 'Customers ask for a quick way to see only gluten-free bakes.')
  i3 = issue.(shop, bug, 'Basket total ignores the weekend discount', priya, priority: pr.('Urgent'), assigned_to: omar, fixed_version: v14, category: cat_checkout,
            description: 'The 10% Saturday discount is shown on the product page but not taken off in the basket.')
  i4 = issue.(shop, feature, 'Gift card balance page', helen, fixed_version: v15,
            description: 'A page where a customer types the card number and sees the balance left.')
  i5 = issue.(shop, support, 'Customer cannot reset her password', tom, priority: pr.('Low'), status: st.('Feedback'), assigned_to: tom,
            description: 'Mrs Alden says the reset e-mail never arrives.')
  i6 = issue.(shop, bug, 'Product photos look blurry on high-resolution screens', omar, priority: pr.('Low'), status: st.('Resolved'), assigned_to: omar, category: cat_catalogue)
  i7 = issue.(shop, feature, 'Pre-orders for Christmas stollen', priya, priority: pr.('High'), fixed_version: v15)
  i8 = issue.(shop, bug, 'Opening hours wrong in the footer', tom, status: st.('Closed'), assigned_to: omar)
  i9 = issue.(kitchen, support, 'Service the deck oven before Easter', helen, priority: pr.('High'), assigned_to: tom, due_date: Date.new(2026, 3, 27))
  i10 = issue.(kitchen, bug, 'Proofing cabinet thermostat reads 4 degrees high', priya, assigned_to: tom)
  i11 = issue.(kitchen, support, 'Order spare dough hook for the spiral mixer', tom, priority: pr.('Low'), status: st.('Closed'))
  issue.(office, support, 'Renew the flour supplier contract', helen)

  Watcher.create!(watchable: i1, user: helen)
  Watcher.create!(watchable: i1, user: priya)
  Watcher.create!(watchable: i3, user: helen)

  i1 = Issue.find(i1.id)
  i1.init_journal(omar, 'Reproduced on an iPad too. The click handler is attached before the button exists.')
  i1.save!

  wiki = shop.wiki || Wiki.create!(project: shop, start_page: 'Wiki')
  page = WikiPage.new(wiki: wiki, title: 'Wiki')
  page.content = WikiContent.new(page: page, author: helen, text: "h1. Online Shop\n\nWelcome to the web shop team's notes.\n\n* [[Release checklist]]\n* [[Payment providers]]\n")
  page.save!
  page = WikiPage.new(wiki: wiki, title: 'Release_checklist')
  page.content = WikiContent.new(page: page, author: omar, text: "h1. Release checklist\n\n# Run the test orders on staging\n# Check the Saturday discount\n# Announce the release in the shop newsletter\n")
  page.save!
  page = WikiPage.new(wiki: wiki, title: 'Payment_providers')
  page.content = WikiContent.new(page: page, author: priya, text: "h1. Payment providers\n\n|_. Provider |_. Fee |_. Since |\n| CardPay | 1.4% | 2023 |\n| BankLink | 0.9% | 2025 |\n")
  page.save!

  News.create!(project: shop, author: helen, title: 'Spring menu goes live on 20 March', summary: 'Hot cross buns and simnel cake are coming to the shop.', description: 'The 1.4 release brings the spring menu to the web shop.')
end
puts 'seeded'
